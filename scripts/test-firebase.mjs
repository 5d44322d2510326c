#!/usr/bin/env node
/**
 * `npm run test:firebase`: the Firebase tier (DESIGN §7). Starts the Emulator Suite with
 * `firebase emulators:exec` around the rules tests, the Store/Blobs contract suites against the
 * Firebase adapters, the `api` function end to end, and the browser journeys in Firebase mode.
 *
 *   --only firestore,storage,functions,e2e   run just those parts (each starts only what it needs)
 *   --if-available                       for `npm test`: when the tier cannot run here, print one
 *                                        line saying why and succeed
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TIER_PARTS, tierBlocker } from './lib/firebaseTier.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'if-available': { type: 'boolean', default: false } },
});
const parts = values.only ? values.only.split(',').map((p) => p.trim()) : Object.keys(TIER_PARTS);
const unknown = parts.filter((p) => !(p in TIER_PARTS));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; choose from ${Object.keys(TIER_PARTS).join(', ')}`);
  process.exit(2);
}
const emulators = [...new Set(parts.flatMap((p) => TIER_PARTS[p].emulators))];

const blocker = tierBlocker(emulators, { requireDownloads: values['if-available'] });
if (blocker) {
  if (values['if-available']) {
    console.log(`Firebase tier skipped: ${blocker}; run npm run test:firebase where the Emulator Suite can run`);
    process.exit(0);
  }
  console.error(`The Firebase tier cannot run: ${blocker}. See docs/firebase.md.`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Loaded only when the tier runs: it needs the workspace built (core's price ids).
const { buildForEmulators, EMULATOR_PROJECT_ID } = await import('./lib/firebaseEmulatorSuite.mjs');
const selected = parts.map((p) => TIER_PARTS[p]);
try {
  if (parts.includes('e2e')) buildForEmulators(root);
  else if (emulators.includes('functions')) run('node', ['scripts/build-functions.mjs', '--emulator']);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const vitestDirs = selected.flatMap((p) => (p.vitest ? [p.vitest] : []));
const commands = [
  ...(vitestDirs.length > 0 ? [['npx vitest run --config functions/vitest.firebase.config.ts', ...vitestDirs].join(' ')] : []),
  ...selected.flatMap((p) => (p.playwright ? [`npx playwright test --config ${p.playwright}`] : [])),
];
run('npx', ['firebase', 'emulators:exec', '--only', emulators.join(','), '--project', EMULATOR_PROJECT_ID, commands.join(' && ')]);
