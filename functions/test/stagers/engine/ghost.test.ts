import { describe, expect, it } from 'vitest';
import { ghostShare } from '../../../src/stagers/engine/ghost.js';
import { GHOST_SHARE } from '../../../src/stagers/engine/subject.js';

const W = 100;
const H = 80;

/** A 60 × 40 piece in the middle whose inside the model gives `inside`, its one-pixel rim 0.6. */
function model(inside: number): { probability: Float32Array; mask: Uint8Array } {
  const probability = new Float32Array(W * H);
  const mask = new Uint8Array(W * H);
  for (let y = 20; y < 60; y++)
    for (let x = 20; x < 80; x++) {
      const rim = y === 20 || y === 59 || x === 20 || x === 79;
      probability[y * W + x] = rim ? 0.6 : inside;
      mask[y * W + x] = 1;
    }
  return { probability, mask };
}

describe('telling a ghost of a piece from a piece', () => {
  it('finds a piece the model is sure of well under the threshold: only its rim is half-sure', () => {
    const { probability, mask } = model(0.99);
    expect(ghostShare(probability, mask)).toBeLessThan(GHOST_SHARE / 2);
  });

  it('finds a piece the model half-sees over the threshold', () => {
    const { probability, mask } = model(0.65);
    expect(ghostShare(probability, mask)).toBeGreaterThan(GHOST_SHARE);
  });
});
