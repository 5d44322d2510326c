import { describe, expect, it } from 'vitest';
import { subjectOutline } from '../../../src/stagers/engine/outline.js';

const W = 200;
const H = 150;

function square(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  mask: Uint8Array<ArrayBuffer> = new Uint8Array(W * H),
  value = 1,
): Uint8Array<ArrayBuffer> {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[y * W + x] = value;
  return mask;
}

describe("the cut-out's outline for the studio's preview", () => {
  it('traces a square as one polygon at its corners, in fractions of the photo', () => {
    const outline = subjectOutline({ mask: square(50, 30, 150, 120), width: W, height: H });
    expect(outline).toHaveLength(1);
    const xs = outline[0]!.map(([x]) => x);
    const ys = outline[0]!.map(([, y]) => y);
    expect(Math.min(...xs)).toBeCloseTo(0.25, 2);
    expect(Math.max(...xs)).toBeCloseTo(0.75, 2);
    expect(Math.min(...ys)).toBeCloseTo(0.2, 2);
    expect(Math.max(...ys)).toBeCloseTo(0.8, 2);
    expect(outline[0]!.length).toBeLessThanOrEqual(8);
  });

  it('gives an opening in the piece its own polygon, as an open shelf shows the wall', () => {
    const mask = square(60, 40, 140, 110, square(20, 10, 180, 140), 0);
    expect(subjectOutline({ mask, width: W, height: H })).toHaveLength(2);
  });

  it('keeps a ragged outline within 200 points', () => {
    const mask = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const angle = Math.atan2(y - H / 2, x - W / 2);
        if (Math.hypot(x - W / 2, y - H / 2) < 50 + 12 * Math.sin(angle * 37) + 5 * Math.cos(angle * 91))
          mask[y * W + x] = 1;
      }
    const outline = subjectOutline({ mask, width: W, height: H });
    expect(outline).toHaveLength(1);
    expect(outline[0]!.length).toBeGreaterThan(20);
    expect(outline[0]!.length).toBeLessThanOrEqual(200);
  });

  it('is empty for an empty mask', () => {
    expect(subjectOutline({ mask: new Uint8Array(W * H), width: W, height: H })).toEqual([]);
  });
});
