import { describe, expect, it } from 'vitest';
import { colourMatte, decontaminate } from '../../../src/stagers/engine/trimap.js';

const W = 40;
const H = 20;
const PIECE = [40, 60, 140];
const WALL = [240, 236, 228];

/** A piece on the left half, a wall on the right, the column at x = 20 showing `share` of the piece. */
function edgePhoto(share: number): Uint8Array {
  const rgba = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const a = x < 20 ? 1 : x === 20 ? share : 0;
      for (let c = 0; c < 3; c++) rgba[(y * W + x) * 4 + c] = Math.round(PIECE[c]! * a + WALL[c]! * (1 - a));
      rgba[(y * W + x) * 4 + 3] = 255;
    }
  return rgba;
}

/** A coarse mask that is unsure over x = 17…23, as an upscaled analysis mask is. */
function coarse(): Float32Array {
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = Math.min(1, Math.max(0, (23 - x) / 6));
  return out;
}

describe('matting the edge at full resolution', () => {
  it('reads the share of the piece an edge pixel shows from its colour, and clears the wall beside it', () => {
    const alpha = colourMatte(edgePhoto(0.4), 4, coarse(), coarse(), W, H, 8);
    const row = 10 * W;
    expect(alpha[row + 20]! / 255).toBeCloseTo(0.4, 1);
    expect(alpha[row + 21]).toBe(0);
    expect(alpha[row + 22]).toBe(0);
    expect(alpha[row + 19]).toBe(255);
  });

  it('unmixes the wall from an edge pixel, so no pale rim comes along', () => {
    const rgba = edgePhoto(0.5);
    const alpha = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) alpha[y * W + x] = x < 20 ? 255 : x === 20 ? 128 : 0;
    decontaminate(rgba, alpha, W, H, 4);
    const edge = (10 * W + 20) * 4;
    for (let c = 0; c < 3; c++) expect(Math.abs(rgba[edge + c]! - PIECE[c]!)).toBeLessThan(8);
  });
});
