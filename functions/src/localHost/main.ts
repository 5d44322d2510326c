/**
 * `node functions/dist/localHost/main.js`: runs the local host until SIGINT/SIGTERM.
 * Env: PORT (5050), HOST (127.0.0.1), FLIPSTAGE_DATA_DIR (.local), FLIPSTAGE_BASE_URL,
 * FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099), FLIPSTAGE_SEED (true).
 */
import { createJsonLogger } from '../logs.js';
import { DEMO_LOGIN } from './seedDemo.js';
import { DEFAULT_LOCAL_PORT, startLocalHost } from './server.js';

const env = process.env;
const logger = createJsonLogger();
const port = env.PORT ? Number(env.PORT) : DEFAULT_LOCAL_PORT;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  process.exit(2);
}

const seed = (env.FLIPSTAGE_SEED ?? 'true').toLowerCase() !== 'false';
const host = await startLocalHost({
  port,
  ...(env.HOST ? { host: env.HOST } : {}),
  ...(env.FLIPSTAGE_DATA_DIR ? { dataDir: env.FLIPSTAGE_DATA_DIR } : {}),
  ...(env.FLIPSTAGE_BASE_URL ? { baseUrl: env.FLIPSTAGE_BASE_URL } : {}),
  ...(env.FIREBASE_AUTH_EMULATOR_HOST ? { authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST } : {}),
  seed,
  logger,
});
logger.write('INFO', 'local host ready', {
  url: host.url,
  ...(seed ? { demoEmail: DEMO_LOGIN.email, demoPassword: DEMO_LOGIN.password } : {}),
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.write('ERROR', 'shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  });
}
