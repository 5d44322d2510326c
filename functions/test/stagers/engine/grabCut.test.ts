import { describe, expect, it } from 'vitest';
import {
  grabCut,
  MAYBE_BACKDROP,
  MAYBE_PIECE,
  SURE_BACKDROP,
  SURE_PIECE,
} from '../../../src/stagers/engine/grabCut.js';
import { prng } from '../../fixtures/prng.js';

const W = 60;
const H = 40;
/** A walnut-brown piece (columns 20–39, rows 10–34) on a pale wall, with sensor noise. */
function picture(): Uint8Array {
  const random = prng(7);
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const piece = x >= 20 && x < 40 && y >= 10 && y < 35;
      const colour = piece ? [96, 62, 38] : [226, 222, 210];
      for (let c = 0; c < 3; c++) rgb[(y * W + x) * 3 + c] = colour[c]! + Math.round((random() - 0.5) * 16);
    }
  }
  return rgb;
}

/** A box from column 14 to 45, rows 5 to 38: likely piece inside, sure backdrop outside. */
function boxLabels(): Uint8Array {
  const labels = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) labels[y * W + x] = x >= 14 && x < 46 && y >= 5 && y < 39 ? MAYBE_PIECE : SURE_BACKDROP;
  return labels;
}

const at = (mask: Uint8Array, x: number, y: number) => mask[y * W + x];

describe('GrabCut', () => {
  it('keeps the piece inside a box and gives back the wall the box took in', () => {
    const mask = grabCut({ rgb: picture(), width: W, height: H, labels: boxLabels() });
    let wrong = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (at(mask, x, y) !== (x >= 20 && x < 40 && y >= 10 && y < 35 ? 1 : 0)) wrong++;
    expect(wrong).toBeLessThanOrEqual(4);
  });

  it('never changes what the seller painted: a kept patch of wall stays, an erased patch of the piece goes', () => {
    const labels = boxLabels();
    for (let y = 6; y < 9; y++) for (let x = 15; x < 18; x++) labels[y * W + x] = SURE_PIECE;
    for (let y = 20; y < 24; y++) for (let x = 25; x < 29; x++) labels[y * W + x] = SURE_BACKDROP;
    const mask = grabCut({ rgb: picture(), width: W, height: H, labels });
    expect(at(mask, 16, 7)).toBe(1);
    expect(at(mask, 26, 21)).toBe(0);
    expect(at(mask, 32, 30)).toBe(1);
  });

  it('lets a confident model tilt an ambiguous pixel, but not outvote a clear colour', () => {
    const rgb = picture();
    const labels = boxLabels();
    for (let p = 0; p < labels.length; p++) if (labels[p] === SURE_BACKDROP && p % W > 50) labels[p] = MAYBE_BACKDROP;
    // The model insists the whole right of the picture is the piece: wall colours there stay backdrop.
    const prior = new Float32Array(W * H).map((_, p) => (p % W > 42 ? 0.99 : 0.5));
    const mask = grabCut({ rgb, width: W, height: H, labels, prior });
    expect(at(mask, 55, 20)).toBe(0);
    expect(at(mask, 30, 20)).toBe(1);
  });
});
