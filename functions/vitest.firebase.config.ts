/**
 * The Firebase tier (DESIGN §7): rules tests and the contract suites against the emulators.
 * Run through `npm run test:firebase`, which starts the Emulator Suite around it.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { coreAlias } from '../vitest.shared.js';

export default defineConfig({
  resolve: { alias: coreAlias },
  test: {
    name: 'firebase',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/firebase/**/*.test.ts'],
    environment: 'node',
    // Transactions racing on one document retry with backoff in the emulator (the contract races 25).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
