import { describe, expect, it } from 'vitest';
import { silhouetteFloor } from '../../../src/stagers/engine/floorContact.js';

const W = 60;
const H = 40;

function mask(draw: (x: number, y: number) => boolean): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = draw(x, y) ? 1 : 0;
  return out;
}

describe("the silhouette's floor contact", () => {
  // A table: a top across the width, front legs to the bottom, rear legs ending a little higher.
  const table = mask(
    (x, y) => y < 6 || ((x < 3 || x >= 57) && y < 40) || (((x >= 10 && x < 13) || (x >= 47 && x < 50)) && y < 36),
  );

  it('puts a foot under every leg, the rear legs at their own height', () => {
    const { feet } = silhouetteFloor({ mask: table, width: W, height: H });
    expect(feet[1]).toBe(1);
    expect(feet[58]).toBe(1);
    expect(feet[11]).toBeCloseTo(36 / 40, 5);
    expect(feet[48]).toBeCloseTo(36 / 40, 5);
  });

  it('finds no foot under the table top between the legs', () => {
    const { feet } = silhouetteFloor({ mask: table, width: W, height: H });
    expect(Number.isNaN(feet[30]!)).toBe(true);
  });

  it('reports the rear feet as the highest floor contact', () => {
    expect(silhouetteFloor({ mask: table, width: W, height: H }).back).toBe(36 / 40);
  });

  it('sees a box standing square to the camera resting on its whole base', () => {
    const box = silhouetteFloor({ mask: mask((x, y) => x >= 5 && x < 55 && y >= 4), width: W, height: H });
    expect(box.back).toBe(1);
    expect(Array.from(box.feet.slice(5, 55)).every((foot) => foot === 1)).toBe(true);
  });
});
