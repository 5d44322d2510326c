import { defineConfig, devices } from '@playwright/test';
import { e2eWebUrl } from './e2e/support/ports';

/** End-to-end journeys in Debian's Chromium against local mode (see e2e/support/globalSetup.ts). */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Journeys that stage run the real engine: with the suite beside them on two cores a staging
  // can take most of a minute, and everything that waits on one (a result, a second room, the
  // listing made from it) must wait that long. A passing wait returns as soon as it holds.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    // Workers load this file after globalSetup has published the ports it picked.
    baseURL: e2eWebUrl(),
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
