import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { authEmulatorCommand } from '../scripts/lib/authEmulator.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { AUTH_EMULATOR_PORT, AUTH_EMULATOR_URL, LOCAL_HOST_PORT, WEB_PORT, WEB_URL } from './e2e/support/ports';

// The run's own folder for its emulator config and local host data, so concurrent runs never touch
// each other's; made by the runner, inherited by the workers, removed by globalSetup.
const runDir = (process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'flipstage-e2e-')));
const shell = (argv: string[]) => argv.map((arg) => JSON.stringify(arg)).join(' ');
const auth = await authEmulatorCommand(runDir, AUTH_EMULATOR_PORT);
const hostMain = 'functions/dist/localHost/main.js';

/** End-to-end journeys in Debian's Chromium against local mode, on servers of the run's own. */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  // Started in order, each once its URL answers; stopped after the run.
  webServer: [
    {
      name: 'auth',
      command: shell([auth.command, ...auth.args]),
      cwd: runDir,
      env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      url: `${AUTH_EMULATOR_URL}/`,
      timeout: 90_000,
    },
    {
      name: 'local host',
      // The production build `npm start` serves (scripts/lib/webBuild.mjs: reused while web/ and
      // core/ are unchanged), on the run's web port, beside the API on its own. The server is built by
      // `npm test` and `npm ci` already; only a bare checkout needs it here. Only its warnings and
      // errors reach the test output.
      command: [
        `(test -f ${hostMain} || npx tsc -b)`,
        'web_dir="$(node scripts/lib/webBuild.mjs)"',
        `FLIPSTAGE_WEB_DIR="$web_dir" node ${hostMain} | grep --line-buffered -v '"severity":"INFO"'`,
      ].join(' && '),
      cwd: '..',
      env: {
        PORT: String(LOCAL_HOST_PORT),
        FLIPSTAGE_WEB_PORT: String(WEB_PORT),
        FIREBASE_AUTH_EMULATOR_HOST: new URL(AUTH_EMULATOR_URL).host,
        FLIPSTAGE_DATA_DIR: join(runDir, 'data'),
        FLIPSTAGE_SEED: 'false',
        // Checkout and the portal send the browser back only to the site's own origin: the app's.
        SITE_URL: WEB_URL,
        // Baked into the build. The app signs in through the local host, as `npm start`'s does.
        VITE_BACKEND: 'local',
      },
      url: `${WEB_URL}/`,
      stdout: 'pipe',
      timeout: 300_000,
    },
  ],
  fullyParallel: false,
  workers: 2,
  // In CI (.ci/run sets CI) a journey that fails is run once more, and reported flaky if it then
  // passes: one failure in a CI run (tryBeforeSignUp's result never appeared, at the end of the run
  // beside the Firebase tier) did not come back in the full runs here since. The failed attempt prints
  // the page it saw (support/pageAtFailure.ts), so a flake stays visible and readable.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Journeys that stage run the real engine: with the suite beside them on two cores a staging
  // can take most of a minute, and everything that waits on one (a result, a second room, the
  // listing made from it) must wait that long. A passing wait returns as soon as it holds.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  reporter: [['list'], ['./e2e/support/pageAtFailure.ts']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: WEB_URL,
    // A failed journey keeps its trace (each action's DOM, the network, the console) and a screenshot,
    // but no screencast: recording frames all along was most of the trace's cost (studio.spec.ts,
    // Chromium and Playwright: 45.5 CPU-s with them, 32.6 without, 23.0 with no trace). The DOM
    // snapshots stay: with no trace at all, two of three fresh-clone runs hit a race no run had before.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
