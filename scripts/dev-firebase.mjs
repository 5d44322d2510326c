#!/usr/bin/env node
/**
 * `npm run dev:firebase`: the product in Firebase mode on the full Emulator Suite (Auth,
 * Firestore, Storage, Functions, Hosting). Needs Java 21+ (Firestore and Storage emulators);
 * see docs/firebase.md. Open http://127.0.0.1:5000; stop with Ctrl+C.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildForEmulators, EMULATOR_PROJECT_ID, HOSTING_URL, SUITE_EMULATORS } from './lib/firebaseEmulatorSuite.mjs';
import { emulatorSetup } from './lib/firebaseTier.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const setup = emulatorSetup(root, SUITE_EMULATORS, { offline: false });
const blocker = Object.values(setup.blocked)[0];
if (blocker) {
  console.error(`The Emulator Suite cannot run here: ${blocker}. Local mode (npm start) needs none of it; see docs/firebase.md.`);
  process.exit(1);
}
for (const line of setup.found) console.log(`Emulator Suite uses ${line}`);

try {
  buildForEmulators(root);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`\nStarting the Emulator Suite; the app will be at ${HOSTING_URL}\n`);
const suite = spawn('npx', ['firebase', 'emulators:start', '--only', SUITE_EMULATORS.join(','), '--project', EMULATOR_PROJECT_ID], {
  cwd: root,
  stdio: 'inherit',
  env: setup.childEnv,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => suite.kill(signal));
suite.on('exit', (code) => process.exit(code ?? 0));
