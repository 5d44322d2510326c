import { describe, expect, it } from 'vitest';
import { checkMask } from '../../../src/stagers/engine/maskChecks.js';

const W = 100;
const H = 80;

function maskWith(...boxes: Array<[number, number, number, number]>): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[y * W + x] = 1;
  return mask;
}

describe('telling a piece from a failed cut-out', () => {
  it('accepts a piece standing clear of the frame', () => {
    expect(checkMask(maskWith([30, 20, 70, 70]), W, H).problem).toBeNull();
  });

  it('accepts a piece whose legs the frame cuts off at the bottom', () => {
    expect(checkMask(maskWith([30, 20, 70, 80]), W, H).problem).toBeNull();
  });

  it('refuses a speck such as a leaf or a knob', () => {
    expect(checkMask(maskWith([50, 40, 55, 45]), W, H).problem).toBe('too-small');
  });

  it('refuses a mask that is the whole photo', () => {
    expect(checkMask(maskWith([0, 0, 100, 76]), W, H).problem).toBe('too-large');
  });

  it('refuses a mask that runs along three sides of the frame, as background does', () => {
    expect(checkMask(maskWith([0, 30, 100, 80]), W, H).problem).toBe('touches-three-sides');
  });

  it('refuses scattered fragments with no main piece', () => {
    expect(checkMask(maskWith([5, 5, 20, 20], [40, 30, 55, 45], [75, 55, 90, 70]), W, H).problem).toBe('fragmented');
  });

  it('accepts a piece with a small separate part, such as a lamp shade above its base', () => {
    expect(checkMask(maskWith([30, 30, 70, 70], [45, 10, 55, 18]), W, H).problem).toBeNull();
  });
});

describe('pieces of one set', () => {
  it('accepts two matching chairs side by side as one subject, not as scattered fragments', () => {
    expect(checkMask(maskWith([15, 30, 35, 70], [60, 30, 80, 70]), W, H).problem).toBeNull();
  });
});
