import { describe, expect, it } from 'vitest';
import { segmentSubject } from '../../../src/stagers/engine/segment.js';

describe('classical backdrop segmentation', () => {
  it('finds a flat-colour square on a plain backdrop exactly', () => {
    const width = 64;
    const height = 48;
    const rgb = new Uint8Array(width * height * 3).fill(230);
    for (let y = 12; y < 36; y++) for (let x = 20; x < 44; x++) rgb.set([40, 60, 120], (y * width + x) * 3);
    const mask = segmentSubject(rgb, width, height);
    let wrong = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (mask[y * width + x] !== (y >= 12 && y < 36 && x >= 20 && x < 44 ? 1 : 0)) wrong++;
    expect(wrong).toBe(0);
  });

  it('finds nothing in a frame of one colour, rather than the whole frame', () => {
    const width = 64;
    const height = 48;
    const mask = segmentSubject(new Uint8Array(width * height * 3).fill(200), width, height);
    expect(mask.reduce((sum, v) => sum + v, 0)).toBe(0);
  });
});
