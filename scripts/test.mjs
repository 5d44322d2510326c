#!/usr/bin/env node
// `npm test`: one command from a fresh clone. Installs when node_modules is missing, then runs
// every check CI runs, stopping after the first stage that fails. The steps of a stage run side by
// side, each line of theirs prefixed with the step's label: they share no files or ports, and
// alone none of them keeps both cores busy.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** @typedef {{ name: string, label: string, command: string, args: string[], when?: () => boolean }} Step */

/** @type {Step[][]} */
const stages = [
  [{ name: 'install', label: 'install', command: 'npm', args: ['ci'], when: () => !existsSync(`${root}/node_modules/.package-lock.json`) }],
  [{ name: 'build (typecheck core, functions, cli)', label: 'build', command: 'npx', args: ['tsc', '-b'] }],
  // Single-threaded checks of a second each per thousand files: together they take the time of the
  // longest instead of the sum (51 s one after another, 2 cores).
  [
    { name: 'typecheck web', label: 'tsc web', command: 'npx', args: ['tsc', '-p', 'web/tsconfig.json', '--noEmit'] },
    { name: 'typecheck tests and scripts', label: 'tsc tests', command: 'npx', args: ['tsc', '-p', 'tsconfig.tests.json'] },
    { name: 'lint', label: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    // The production build's home route against its budget (scripts/lib/budgets.mjs); the build is
    // cached in .local/web-build, so a later `npm start` reuses it.
    { name: 'web bundle budget', label: 'budget', command: 'node', args: ['scripts/check-web-budget.mjs'] },
  ],
  // Vitest beside the journeys and the tier took as long in all (1,093 s against 453 s and then
  // 586 s, 2 cores) and timed out starting an emulator: the two cores were already full.
  [{ name: 'unit and integration tests', label: 'vitest', command: 'npx', args: ['vitest', 'run'] }],
  [
    {
      name: 'end-to-end journeys (Playwright, Chromium, local mode)',
      label: 'journeys',
      command: 'npx',
      args: ['playwright', 'test', '-c', 'web/playwright.config.ts'],
    },
    // Every part whose emulators are here (never downloading them); one line for each part skipped,
    // saying what is missing.
    { name: 'Firebase tier', label: 'firebase', command: 'node', args: ['scripts/test-firebase.mjs', '--if-available'] },
  ],
];

/**
 * Runs one step. Alone it inherits the terminal; beside others each of its lines is prefixed.
 * @param {Step} step
 * @param {boolean} alone
 * @returns {Promise<{ step: Step, ok: boolean, seconds: string }>}
 */
function run(step, alone) {
  const t0 = Date.now();
  console.log(`\n▶ ${step.name}`);
  const child = spawn(step.command, step.args, {
    cwd: root,
    env: alone ? process.env : { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  if (!alone) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`[${step.label}] ${line}\n`));
    }
  }
  return new Promise((resolve) => {
    const done = (ok) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(ok ? `✔ ${step.name} (${seconds}s)` : `\n✖ ${step.name} failed after ${seconds}s`);
      resolve({ step, ok, seconds });
    };
    child.once('error', (error) => {
      console.error(`[${step.label}] ${error.message}`);
      done(false);
    });
    child.once('close', (code) => done(code === 0));
  });
}

const started = Date.now();
for (const stage of stages) {
  const steps = stage.filter((step) => !step.when || step.when());
  const results = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  if (results.some((result) => !result.ok)) process.exit(1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
