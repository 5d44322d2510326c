#!/usr/bin/env node
/**
 * `npm run dev:firebase`: the product in Firebase mode on the Emulator Suite (Auth, Firestore,
 * Storage, Functions, Hosting), offline: nothing is downloaded (docs/firebase.md, "How the tier
 * finds Java and the emulators"). Like a test run it takes ports the OS says are free and builds
 * into its own folder (tierRunConfig.mjs), so it runs beside local mode, the tests and another
 * dev:firebase. Without the Storage emulator it says so and runs the rest: the functions keep the
 * images in the run's folder and serve them themselves. Ctrl+C stops it all and removes the run's
 * config and folder.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildForEmulators, EMULATOR_PROJECT_ID } from './lib/firebaseEmulatorSuite.mjs';
import { emulatorSetup } from './lib/firebaseTier.mjs';
import { startProcess } from './lib/processes.mjs';
import { writeTierRunConfig } from './lib/tierRunConfig.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUITE_EMULATORS = ['auth', 'firestore', 'storage', 'functions', 'hosting'];
/** Java starting the Firestore emulator and the Functions emulator loading the bundle take a while on a busy machine. */
const START_TIMEOUT_MS = 300_000;

const setup = emulatorSetup(root, SUITE_EMULATORS, { offline: true });
if (setup.blocked.firestore) {
  console.error(
    `The Emulator Suite cannot run here: ${setup.blocked.firestore}. Local mode (npm start) needs none of it; see docs/firebase.md.`,
  );
  process.exit(1);
}
for (const line of setup.found) console.log(`Emulator Suite uses ${line}`);
const storageMissing = setup.blocked.storage;
const emulators = SUITE_EMULATORS.filter((name) => !(name === 'storage' && storageMissing));

const runConfig = await writeTierRunConfig(root, { name: 'dev' });
if (storageMissing) {
  console.log(
    `Storage emulator unavailable (${storageMissing}): images are kept in ${relative(root, runConfig.blobsDir)} and served by the api function`,
  );
}

let suite;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await suite?.stop();
  runConfig.remove();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(0));

try {
  buildForEmulators(root, runConfig);
  console.log('\nStarting the Emulator Suite …\n');
  suite = await startProcess({
    name: 'Emulator Suite',
    command: 'npx',
    args: [
      'firebase',
      'emulators:start',
      '--config',
      runConfig.configName,
      '--only',
      emulators.join(','),
      '--project',
      EMULATOR_PROJECT_ID,
    ],
    env: setup.childEnv,
    ready: (line) => line.includes('All emulators ready'),
    onLine: (line) => console.log(line),
    timeoutMs: START_TIMEOUT_MS,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
console.log(`\nFlipStage in Firebase mode: ${runConfig.hostingUrl} (Ctrl+C stops it)\n`);
void suite.exited.then((status) => {
  if (stopping) return;
  console.error(`The Emulator Suite exited (${status}).`);
  void shutdown(1);
});
