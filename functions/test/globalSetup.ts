/** Route tests verify real ID tokens: reuse the Auth emulator on 127.0.0.1:9099 or start one for the run. */
import { ensureAuthEmulator } from '../../scripts/lib/authEmulator.mjs';

export default async function setup(): Promise<() => Promise<void>> {
  const emulator = await ensureAuthEmulator({ log: (line) => console.log(line) });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return () => emulator.stop();
}
