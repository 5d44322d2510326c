import { describe, expect, it } from 'vitest';
import { wrapLight } from '../../../src/stagers/engine/lightWrap.js';

/** A white 40 × 40 square piece standing in the middle of a red 100 × 100 room. */
function scene(): { piece: Buffer; room: Buffer; box: { x: number; y: number; w: number; h: number } } {
  const box = { x: 30, y: 30, w: 40, h: 40 };
  const room = Buffer.alloc(100 * 100 * 3);
  for (let i = 0; i < 100 * 100; i++) room.set([200, 20, 20], i * 3);
  const piece = Buffer.alloc(box.w * box.h * 4);
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const inside = x >= 5 && x < 35 && y >= 5 && y < 35;
      piece.set([255, 255, 255, inside ? 255 : 0], (y * box.w + x) * 4);
    }
  }
  return { piece, room, box };
}

describe('light wrap', () => {
  it("tints the piece's rim with the room behind it", async () => {
    const { piece, room, box } = scene();
    await wrapLight(piece, room, 100, box);
    const rim = (20 * box.w + 5) * 4;
    expect(piece[rim + 1]).toBeLessThan(240);
    expect(piece[rim]!).toBeGreaterThan(piece[rim + 1]!);
  });

  it("leaves the piece's middle and its transparent surroundings alone", async () => {
    const { piece, room, box } = scene();
    await wrapLight(piece, room, 100, box);
    const middle = (20 * box.w + 20) * 4;
    expect([...piece.subarray(middle, middle + 4)]).toEqual([255, 255, 255, 255]);
    expect(piece[(2 * box.w + 2) * 4 + 3]).toBe(0);
  });
});
