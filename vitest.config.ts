import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['core', 'functions', 'web', 'cli'],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The suites wait on
    // emulators, servers and child processes more than they compute, so two workers there finish the
    // run in 359 s instead of 511 s (npm test, 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
