import { defineProject } from 'vitest/config';
import { coreAlias } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: coreAlias },
  test: { name: 'cli', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
