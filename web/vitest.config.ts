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
    // Worker threads rather than forked processes: the same eight files took 66 s and 45.8 s of CPU
    // against 81 s and 48.4 s (2 cores, load 8-10), and a fork for each of 65 files adds up.
    pool: 'threads',
    // A worker's files share the packages they load (React, Mantine, the router, Firebase) instead
    // of each loading them again: about half the project's CPU. The app's own modules are still
    // evaluated afresh for each file, and each file waits for the chunks it started (setup.ts).
    isolate: false,
    setupFiles: ['./src/test-utils/setup.ts'],
    testTimeout: 20_000,
  },
});
