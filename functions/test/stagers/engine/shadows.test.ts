import { describe, expect, it } from 'vitest';
import { silhouetteFloor } from '../../../src/stagers/engine/floorContact.js';
import { groundShadows } from '../../../src/stagers/engine/shadows.js';

/** A dresser seen from a corner, 200 × 100 on the canvas: its base a V from 80 % of its height at the ends to its bottom in the middle. */
const BOX = { x: 100, y: 100, w: 200, h: 100 };
const CANVAS = { width: 400, height: 300 };

function cornerDresser() {
  const mask = new Uint8Array(BOX.w * BOX.h);
  for (let y = 0; y < BOX.h - 1; y++)
    for (let x = 0; x < BOX.w; x++)
      if (y < (BOX.h - 1) * (1 - (0.2 * Math.abs(x - 100)) / 100)) mask[y * BOX.w + x] = 1;
  const alpha = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) alpha[i] = mask[i]! * 255;
  return { alpha, floor: silhouetteFloor({ mask, width: BOX.w, height: BOX.h }) };
}

async function darknessAt(x: number, y: number): Promise<number> {
  const { alpha, floor } = cornerDresser();
  const overlay = await groundShadows(alpha, BOX, floor, BOX.w, CANVAS, 'left');
  const { width, height } = overlay.raw!;
  const rx = x - overlay.left!;
  const ry = y - overlay.top!;
  if (rx < 0 || ry < 0 || rx >= width || ry >= height) return 0;
  return (overlay.input as Buffer)[(ry * width + rx) * 4 + 3]! / 255;
}

describe('the shadows that ground a piece', () => {
  it('darkens the floor along a corner view’s V, where its base meets the floor', async () => {
    expect(await darknessAt(BOX.x + 20, BOX.y + 84)).toBeGreaterThan(0.2);
  });

  it('leaves the floor in front of a corner view’s V open, not shaded as if the piece stood on its whole box', async () => {
    expect(await darknessAt(BOX.x + 20, BOX.y + 97)).toBeLessThan(0.1);
  });
});
