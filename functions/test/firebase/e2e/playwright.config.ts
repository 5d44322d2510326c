import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../scripts/lib/chromium.mjs';

/**
 * Browser journeys in Firebase mode: the web app built for the emulators, served by the Hosting
 * emulator, which rewrites /api/** to the `api` function (npm run test:firebase starts them all).
 * The local-mode journeys live in web/e2e; these cover what only Firebase mode does: the web app
 * reading and writing its own Firestore documents under the rules, and images in Cloud Storage.
 */
export default defineConfig({
  testDir: '.',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: '../../../../test-results/firebase-e2e',
  use: {
    baseURL: process.env.FIREBASE_E2E_BASE_URL ?? 'http://127.0.0.1:5000',
    // As web/playwright.config.ts: the trace without its screencast, most of the trace's cost.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
