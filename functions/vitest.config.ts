import { defineProject } from 'vitest/config';
import { coreAlias } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: coreAlias },
  test: {
    name: 'functions',
    include: ['test/**/*.test.ts'],
    exclude: ['test/firebase/**'],
    environment: 'node',
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
