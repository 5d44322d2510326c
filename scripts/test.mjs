#!/usr/bin/env node
// `npm test`: one command from a fresh clone. Installs when node_modules is missing, then runs
// every check CI runs, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const steps = [
  ['install', 'npm', ['ci'], () => !existsSync(`${root}/node_modules/.package-lock.json`)],
  ['build (typecheck core, functions, cli)', 'npx', ['tsc', '-b']],
  ['typecheck web', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']],
  ['typecheck tests and scripts', 'npx', ['tsc', '-p', 'tsconfig.tests.json']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['unit and integration tests', 'npx', ['vitest', 'run']],
  // The production build's home route against its budget (scripts/lib/budgets.mjs); the build is
  // cached in .local/web-build, so a later `npm start` reuses it.
  ['web bundle budget', 'node', ['scripts/check-web-budget.mjs']],
  ['end-to-end journeys (Playwright, Chromium, local mode)', 'npx', ['playwright', 'test', '-c', 'web/playwright.config.ts']],
  // Every part whose emulators are here (never downloading them); one line for each part skipped, saying what is missing.
  ['Firebase tier', 'node', ['scripts/test-firebase.mjs', '--if-available']],
];

const started = Date.now();
for (const [name, command, args, when = () => true] of steps) {
  if (!when()) continue;
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
