#!/usr/bin/env node
/**
 * `npm run bench:search:firestore`: starts the Firestore emulator (its own ports, as the Firebase
 * tier does) with firestore.rules and runs scripts/bench-search-firestore.ts inside it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { emulatorSetup } from './lib/firebaseTier.mjs';
import { writeTierRunConfig } from './lib/tierRunConfig.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const setup = emulatorSetup(root, ['firestore'], { offline: false });
for (const line of setup.found) console.log(`Benchmark uses ${line}`);
const runConfig = await writeTierRunConfig(root, { name: 'bench' });
let status = 1;
try {
  const args = [
    'firebase',
    'emulators:exec',
    '--config',
    runConfig.configName,
    '--only',
    'firestore',
    '--project',
    'demo-flipstage',
    'npx tsx scripts/bench-search-firestore.ts',
  ];
  status = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: setup.childEnv }).status ?? 1;
} finally {
  runConfig.remove();
}
process.exit(status);
