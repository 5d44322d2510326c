/**
 * The real local stack the journeys and the CLI benchmark run against: an Auth emulator and a
 * local host of its own, on ports the OS picks, with an empty temporary data folder and no demo seed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAuthEmulator } from '../../scripts/lib/authEmulator.mjs';
import { silentLogger } from '../../functions/src/logs.js';
import { startLocalHost } from '../../functions/src/localHost/server.js';

export interface LocalStack {
  apiUrl: string;
  authEmulatorHost: string;
  close(): Promise<void>;
}

export async function startLocalStack(log: (line: string) => void = () => {}): Promise<LocalStack> {
  const emulator = await ensureAuthEmulator({ log });
  const dataDir = await mkdtemp(join(tmpdir(), 'flipstage-cli-host-'));
  const host = await startLocalHost({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    authEmulatorHost: emulator.host,
    seed: false,
    logger: silentLogger,
  });
  return {
    apiUrl: `${host.url}/api`,
    authEmulatorHost: emulator.host,
    async close() {
      await host.close();
      await emulator.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
