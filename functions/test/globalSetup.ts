/**
 * Route tests verify real ID tokens: an Auth emulator of the run's own, on a free port the workers
 * learn from the environment. Their databases copy one migrated template, made here once.
 */
import { ensureAuthEmulator } from '../../scripts/lib/authEmulator.mjs';
import { makeDatabaseTemplate } from './helpers/testDatabase.js';

export default async function setup(): Promise<() => Promise<void>> {
  const emulator = await ensureAuthEmulator({ log: (line) => console.log(line) });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const removeTemplate = await makeDatabaseTemplate();
  return async () => {
    await removeTemplate();
    await emulator.stop();
  };
}
