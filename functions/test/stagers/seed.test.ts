import { describe, expect, it } from 'vitest';
import type { StageInput } from '../../src/ports/stager.js';
import { seedFor } from '../../src/stagers/seed.js';

const input: StageInput = {
  image: new Uint8Array([0xff, 0xd8, 1, 2, 3]),
  prompt: 'a farmhouse bedroom',
  style: 'farmhouse',
  furnitureType: 'bed',
  mode: 'auto',
  size: 'standard',
  variant: 0,
};

describe('seedFor', () => {
  it('gives the same request the same seed, whatever its deadline', () => {
    expect(seedFor({ ...input, deadline: 1 })).toBe(seedFor({ ...input }));
  });

  it('gives each variant of a request its own seed', () => {
    const seeds = [0, 1, 2, 99].map((variant) => seedFor({ ...input, variant }));
    expect(new Set(seeds).size).toBe(seeds.length);
  });
});
