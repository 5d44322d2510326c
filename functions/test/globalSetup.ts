/** Route tests verify real ID tokens: an Auth emulator of the run's own, on a free port the workers learn from the environment. */
import { ensureAuthEmulator } from '../../scripts/lib/authEmulator.mjs';

export default async function setup(): Promise<() => Promise<void>> {
  const emulator = await ensureAuthEmulator({ log: (line) => console.log(line) });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return () => emulator.stop();
}
