/**
 * `node functions/dist/localHost/main.js`: runs the local host until SIGINT/SIGTERM.
 * Env: PORT (5050), HOST (127.0.0.1), FLIPSTAGE_DATA_DIR (.local), FLIPSTAGE_BASE_URL,
 * FIREBASE_AUTH_EMULATOR_HOST (127.0.0.1:9099), FLIPSTAGE_SEED (true), FLIPSTAGE_WEB_DIR (the web
 * app's production build, served when set), FLIPSTAGE_WEB_PORT (5173, the app's second port) and
 * FLIPSTAGE_ENGINE_WORKERS (auto: the worker threads that run the engine, one per core; 0 runs it
 * on the thread that answers requests).
 */
import { createJsonLogger } from '../logs.js';
import { engineWorkers } from '../stagers/engineRuntime.js';
import { DataFolderFault } from './dataFolderFault.js';
import { EmulatorUnavailable } from './emulatorAccounts.js';
import { DEMO_LOGIN } from './seedDemo.js';
import { DEFAULT_LOCAL_PORT, DEFAULT_WEB_PORT, startLocalHost, type LocalHost } from './server.js';

const env = process.env;
const logger = createJsonLogger();

function portFrom(name: string, fallback: number): number {
  const port = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number, got ${JSON.stringify(env[name])}`);
    process.exit(2);
  }
  return port;
}

const port = portFrom('PORT', DEFAULT_LOCAL_PORT);
const webPort = portFrom('FLIPSTAGE_WEB_PORT', DEFAULT_WEB_PORT);

function workersFrom(name: string): number {
  try {
    return engineWorkers(name, env[name]);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

const seed = (env.FLIPSTAGE_SEED ?? 'true').toLowerCase() !== 'false';
const settings = {
  port,
  ...(env.HOST ? { host: env.HOST } : {}),
  ...(env.FLIPSTAGE_DATA_DIR ? { dataDir: env.FLIPSTAGE_DATA_DIR } : {}),
  ...(env.FLIPSTAGE_BASE_URL ? { baseUrl: env.FLIPSTAGE_BASE_URL } : {}),
  ...(env.FIREBASE_AUTH_EMULATOR_HOST ? { authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST } : {}),
  ...(env.FLIPSTAGE_WEB_DIR ? { webDir: env.FLIPSTAGE_WEB_DIR, webPort } : {}),
  seed,
  engineWorkers: workersFrom('FLIPSTAGE_ENGINE_WORKERS'),
  logger,
};

/** A fault of the data folder or the emulator is the user's to fix: said plainly, without a trace. */
async function start(): Promise<LocalHost> {
  try {
    return await startLocalHost(settings);
  } catch (error) {
    if (!(error instanceof DataFolderFault || error instanceof EmulatorUnavailable)) throw error;
    logger.write('ERROR', error.message);
    process.exit(2);
  }
}

const host = await start();
logger.write('INFO', 'local host ready', {
  url: host.url,
  ...(host.webUrl ? { webUrl: host.webUrl } : {}),
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
