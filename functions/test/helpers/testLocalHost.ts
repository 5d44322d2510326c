/** The local host as the tests run it: any free port, the test Auth emulator, no logs unless asked. */
import { silentLogger, type Logger } from '../../src/logs.js';
import type { Stager } from '../../src/ports/stager.js';
import { startLocalHost, type LocalHost } from '../../src/localHost/server.js';
import { AUTH_EMULATOR_HOST } from './emulatorUsers.js';

export function startTestLocalHost(
  dataDir: string,
  options: { seed?: boolean; stager?: Stager; env?: Record<string, string | undefined>; logger?: Logger } = {},
): Promise<LocalHost> {
  return startLocalHost({
    port: 0,
    dataDir,
    seed: options.seed ?? false,
    authEmulatorHost: AUTH_EMULATOR_HOST,
    logger: options.logger ?? silentLogger,
    ...(options.stager ? { stager: options.stager } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
}
