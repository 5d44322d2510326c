import { fileURLToPath } from 'node:url';

/** Tests import core's TypeScript source directly, so they never run against a stale build. */
export const coreAlias = {
  '@flipstage/core': fileURLToPath(new URL('./core/src/index.ts', import.meta.url)),
};
