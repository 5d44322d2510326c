import { defineProject } from 'vitest/config';
import { coreAlias } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: coreAlias },
  test: {
    name: 'functions',
    include: ['test/**/*.test.ts'],
    exclude: ['test/firebase/**'],
    environment: 'node',
    // Worker threads rather than a forked process for each file: 331 s of CPU against 435 s for the
    // project's 97 files (2 cores). globalSetup loads sharp in the main thread first (sharp's advice
    // for worker threads: its libraries then outlive every worker).
    pool: 'threads',
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
