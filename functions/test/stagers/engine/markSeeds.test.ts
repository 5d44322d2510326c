/**
 * Where a box runs to the photo's own edge, nothing past it tells the cut what the surroundings
 * look like: that edge's band is then the likely backdrop (a rug running out of the bottom of the
 * photo), except where the model sees the piece reach it.
 */
import { describe, expect, it } from 'vitest';
import type { Crop } from '../../../src/stagers/engine/crop.js';
import { MAYBE_BACKDROP, MAYBE_PIECE, SURE_BACKDROP } from '../../../src/stagers/engine/grabCut.js';
import { borderWhenNoSurroundings } from '../../../src/stagers/engine/markSeeds.js';

const SIZE = 50;

/** A crop of the frame's lower right part, its left and top with surroundings outside the box. */
function lowerRightCrop(): Crop {
  return {
    rgb: new Uint8Array(SIZE * SIZE * 3),
    width: SIZE,
    height: SIZE,
    box: { x0: 0.4, y0: 0.4, x1: 1, y1: 1 },
    scale: 1,
  };
}

/** Sure backdrop round the left and top (the box's surroundings), likely piece inside. */
function boxLabels(): Uint8Array {
  const labels = new Uint8Array(SIZE * SIZE).fill(MAYBE_PIECE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) if (x < 10 || y < 10) labels[y * SIZE + x] = SURE_BACKDROP;
  return labels;
}

const at = (labels: Uint8Array, x: number, y: number) => labels[y * SIZE + x];

describe('a box that runs to the photo’s edge', () => {
  it('makes the bottom and right bands likely backdrop where the model sees no piece', () => {
    const labels = boxLabels();
    borderWhenNoSurroundings(labels, lowerRightCrop(), new Float32Array(SIZE * SIZE).fill(0.1));
    expect([at(labels, 25, SIZE - 1), at(labels, SIZE - 1, 25)]).toEqual([MAYBE_BACKDROP, MAYBE_BACKDROP]);
    expect(at(labels, 25, 25)).toBe(MAYBE_PIECE);
  });

  it('keeps the band likely piece where the model sees the piece run into the edge', () => {
    const labels = boxLabels();
    borderWhenNoSurroundings(labels, lowerRightCrop(), new Float32Array(SIZE * SIZE).fill(0.9));
    expect([at(labels, 25, SIZE - 1), at(labels, SIZE - 1, 25)]).toEqual([MAYBE_PIECE, MAYBE_PIECE]);
  });

  it('leaves the top edge alone, where a plant’s leaves or a lamp run out of the photo', () => {
    // Surroundings below the box; the box runs out of the photo's top.
    const labels = new Uint8Array(SIZE * SIZE).fill(MAYBE_PIECE);
    for (let y = 40; y < SIZE; y++) for (let x = 0; x < SIZE; x++) labels[y * SIZE + x] = SURE_BACKDROP;
    const topCrop: Crop = { ...lowerRightCrop(), box: { x0: 0.2, y0: 0, x1: 0.8, y1: 0.6 } };
    borderWhenNoSurroundings(labels, topCrop, new Float32Array(SIZE * SIZE).fill(0.1));
    expect(at(labels, 25, 0)).toBe(MAYBE_PIECE);
  });
});
