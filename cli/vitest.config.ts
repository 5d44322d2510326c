import { defineProject } from 'vitest/config';
import { coreAlias } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: coreAlias },
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // The journeys in test/ run the built binary against a local host and the Auth emulator.
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
