#!/usr/bin/env node
// `npm run bench`: every `bench:*` script of the root package.json, one after another, so
// each benchmark has the machine to itself.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));

let failed = 0;
for (const name of benches) {
  console.log(`\n▶ npm run ${name}`);
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`✖ ${name} exited with ${result.status}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
