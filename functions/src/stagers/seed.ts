import { createHash } from 'node:crypto';
import type { StageInput } from '../ports/stager.js';

/** A 32-bit seed from everything that defines the result, so the same request draws the same room. */
export function seedFor(input: StageInput): number {
  const hash = createHash('sha256');
  hash.update(input.image);
  hash.update(
    `\u0000${input.prompt}\u0000${input.style}\u0000${input.furnitureType}\u0000${input.mode}\u0000${input.size}\u0000${input.variant}`,
  );
  return hash.digest().readUInt32BE(0);
}
