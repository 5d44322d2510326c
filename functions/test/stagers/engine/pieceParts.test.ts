import { describe, expect, it } from 'vitest';
import { pieceParts } from '../../../src/stagers/engine/pieceParts.js';

const W = 100;
const H = 50;

function parts(draw: (x: number, y: number) => boolean) {
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) mask[y * W + x] = draw(x, y) ? 1 : 0;
  return pieceParts({ mask, width: W, height: H });
}

describe('the parts a silhouette is made of', () => {
  it('sees one piece in one silhouette', () => {
    expect(parts((x, y) => x >= 10 && x < 90 && y >= 5 && y < 45)).toEqual({ count: 1, tallest: 1, widest: 1 });
  });

  it('sees two chairs and a low side table between them as a set of three, the chairs the tallest', () => {
    const set = parts((x, y) => ((x < 30 || x >= 70) && y < 50) || (x >= 40 && x < 60 && y >= 30));
    expect(set.count).toBe(3);
    expect(set.tallest).toBe(1);
    expect(set.widest).toBeCloseTo(0.3, 5);
  });

  it('keeps a table top cut from its legs one piece: parts stacked one above the other', () => {
    const table = parts((x, y) => (y < 10 && x >= 5 && x < 95) || (y >= 14 && (x < 12 || x >= 88) && x >= 5 && x < 95));
    expect(table.count).toBe(1);
  });

  it('does not count a scrap beside the piece as a piece of a set', () => {
    expect(parts((x, y) => (x < 60 && y < 50) || (x >= 90 && x < 93 && y >= 45)).count).toBe(1);
  });
});
