/**
 * The CLI journeys run the built binary against the real local host and the Auth emulator:
 * build the CLI first, then start the local stack and hand its addresses to the tests.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from './localStack.js';
import { REPO_ROOT } from './paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync('npx', ['tsc', '-b', 'cli'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const stack = await startLocalStack();
  project.provide('apiUrl', stack.apiUrl);
  project.provide('authEmulatorHost', stack.authEmulatorHost);
  return () => stack.close();
}
