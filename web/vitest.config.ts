import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { coreAlias } from '../vitest.shared.js';

export default defineProject({
  plugins: [react()],
  resolve: { alias: coreAlias },
  // The HEIC fixture is imported as a data URL (`?inline`) by the decoder's test.
  assetsInclude: ['**/*.heic'],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-utils/setup.ts'],
    testTimeout: 20_000,
  },
});
