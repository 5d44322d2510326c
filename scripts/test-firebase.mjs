#!/usr/bin/env node
/**
 * `npm run test:firebase`: the Firebase tier (DESIGN §7). Starts the Emulator Suite with
 * `firebase emulators:exec` around the rules tests, the Store/Blobs contract suites against the
 * Firebase adapters, the `api` function end to end, and the browser journeys in Firebase mode.
 *
 *   --only firestore,functions,…   run just those parts (all start together, with the emulators they need)
 *   --if-available                 for `npm test`: never download; run the parts whose emulators are
 *                                  here and print one line for each part skipped, saying what is missing
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { E2E_CONFIG, emulatorSetup, partBlocker, TIER_PARTS } from './lib/firebaseTier.mjs';
import { writeTierRunConfig } from './lib/tierRunConfig.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'if-available': { type: 'boolean', default: false } },
});
const ifAvailable = values['if-available'];
const parts = values.only ? values.only.split(',').map((p) => p.trim()) : Object.keys(TIER_PARTS);
const unknown = parts.filter((p) => !(p in TIER_PARTS));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; choose from ${Object.keys(TIER_PARTS).join(', ')}`);
  process.exit(2);
}

const emulatorsOf = (names) => [...new Set(names.flatMap((p) => TIER_PARTS[p].emulators))];
const setup = emulatorSetup(root, emulatorsOf(parts), { offline: ifAvailable });
for (const line of setup.found) console.log(`Firebase tier uses ${line}`);
const runnable = parts.filter((p) => partBlocker(p, setup.blocked) === null);
for (const part of parts.filter((p) => !runnable.includes(p))) {
  console.log(`Firebase tier skipped ${part} (${TIER_PARTS[part].title}): ${partBlocker(part, setup.blocked)}`);
}
if (runnable.length < parts.length && !ifAvailable) {
  console.error('The Firebase tier cannot run every part asked for here; see docs/firebase.md.');
  process.exit(1);
}
if (runnable.length === 0) process.exit(0);
console.log(`Firebase tier runs ${runnable.join(', ')}`);

// Loaded only when the tier runs: it needs the workspace built (core's price ids).
const { buildForEmulators, buildFunctionsForEmulators, EMULATOR_PROJECT_ID } =
  await import('./lib/firebaseEmulatorSuite.mjs');
const emulators = emulatorsOf(runnable);
const selected = runnable.map((p) => TIER_PARTS[p]);
const vitestFiles = selected.flatMap((p) => p.vitest ?? []);
const specs = selected.flatMap((p) => p.playwright ?? []);
const commands = [
  ...(vitestFiles.length > 0
    ? [['npx vitest run --config functions/vitest.firebase.config.ts', ...vitestFiles].join(' ')]
    : []),
  ...(specs.length > 0 ? [['npx playwright test --config', E2E_CONFIG, ...specs].join(' ')] : []),
];

const runConfig = await writeTierRunConfig(root);
let status = 1;
try {
  if (emulators.includes('hosting')) buildForEmulators(root, runConfig);
  else if (emulators.includes('functions')) buildFunctionsForEmulators(root, runConfig);
  const env = { ...setup.childEnv, FIREBASE_E2E_BASE_URL: runConfig.hostingUrl };
  const args = [
    'firebase',
    'emulators:exec',
    '--config',
    runConfig.configName,
    '--only',
    emulators.join(','),
    '--project',
    EMULATOR_PROJECT_ID,
    commands.join(' && '),
  ];
  status = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  runConfig.remove();
}
process.exit(status);
