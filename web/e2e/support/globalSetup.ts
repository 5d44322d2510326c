/// <reference types="node" />
import { rmSync } from 'node:fs';

/**
 * The servers are playwright.config.ts's webServer entries; what is left is to remove the run's
 * folder after. This teardown runs before Playwright stops the servers, which is harmless: they are
 * killed outright, and nothing reads the folder once the journeys are done.
 */
export default function globalSetup(): () => void {
  const runDir = process.env.E2E_RUN_DIR;
  return () => {
    if (runDir) rmSync(runDir, { recursive: true, force: true });
  };
}
