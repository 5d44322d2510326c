import { describe, expect, it } from 'vitest';
import { silhouetteFloor } from '../../../src/stagers/engine/floorContact.js';

const W = 60;
const H = 40;

/** The floor of a silhouette drawn on a crop; `atPhotoBottom` when its bottom row is the photo's. */
function floorOf(draw: (x: number, y: number) => boolean, atPhotoBottom = false) {
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) mask[y * W + x] = draw(x, y) ? 1 : 0;
  return silhouetteFloor({ mask, width: W, height: H }, atPhotoBottom);
}

const isFoot = (foot: number | undefined) => foot !== undefined && !Number.isNaN(foot);

describe("the silhouette's floor contact", () => {
  // A table: a top across the width, front legs to the bottom, rear legs ending a little higher.
  const table = floorOf(
    (x, y) => y < 6 || ((x < 3 || x >= 57) && y < 40) || (((x >= 10 && x < 13) || (x >= 47 && x < 50)) && y < 36),
  );

  it('puts a foot under every leg, the rear legs at their own height', () => {
    expect(table.feet[1]).toBe(1);
    expect(table.feet[58]).toBe(1);
    expect(table.feet[11]).toBeCloseTo(36 / 40, 5);
    expect(table.feet[48]).toBeCloseTo(36 / 40, 5);
  });

  it('finds no foot under the table top between the legs', () => {
    expect(isFoot(table.feet[30])).toBe(false);
  });

  it('reports the rear feet as the highest floor contact', () => {
    expect(table.back).toBeCloseTo(36 / 40, 5);
  });

  it('sees a box standing square to the camera resting on its whole base', () => {
    const box = floorOf((x, y) => x >= 5 && x < 55 && y >= 4);
    expect(box.back).toBe(1);
    expect(Array.from(box.feet.slice(5, 55)).every((foot) => foot === 1)).toBe(true);
  });

  it('leaves a sofa seat’s underside between its legs in the air', () => {
    // A body down to row 34, four short legs to the floor.
    const sofa = floorOf((x, y) => (y >= 10 && y < 34) || ([2, 3, 29, 30, 56, 57].includes(x) && y >= 10));
    expect(isFoot(sofa.feet[15])).toBe(false);
    expect(isFoot(sofa.feet[45])).toBe(false);
    expect(sofa.feet[2]).toBe(1);
    expect(sofa.feet[29]).toBe(1);
    expect(sofa.back).toBe(1);
  });

  it('stands a corner view on both arms of its V, not only on its nearest corner', () => {
    // A dresser seen from a corner: its base rises from the corner at column 40 to both ends.
    const dresser = floorOf((x, y) => y < 40 - Math.abs(x - 40) * 0.2);
    expect(dresser.feet[40]).toBe(1);
    expect(isFoot(dresser.feet[5])).toBe(true);
    expect(isFoot(dresser.feet[58])).toBe(true);
    expect(dresser.back).toBeLessThan(0.85);
  });

  it('gives the front floor line along the V, under the columns between its feet', () => {
    const dresser = floorOf((x, y) => y < 40 - Math.abs(x - 40) * 0.2);
    expect(dresser.front[40]).toBe(1);
    expect(dresser.front[20]).toBeCloseTo((40 - 4) / 40, 1);
  });

  it('does not take the steep side of an armrest above the floor for a floor line', () => {
    // An armchair: arms hanging down to row 30 at both ends, a plinth to the floor between them.
    const chair = floorOf((x, y) => (x < 8 || x >= 52 ? y < 30 - (x < 8 ? 8 - x : x - 51) * 2 : y < 40));
    expect(isFoot(chair.feet[2])).toBe(false);
    expect(isFoot(chair.feet[57])).toBe(false);
    expect(chair.feet[30]).toBe(1);
  });

  it('finds a bed’s far corner standing well above its near one, seen from a corner and above', () => {
    // Near corner at the bottom, the far leg half the height up, under the bed's body.
    const bed = floorOf((x, y) => y < 12 || (x >= 28 && x < 31) || (x >= 50 && x < 53 && y < 22));
    expect(bed.feet[51]).toBeCloseTo(22 / 40, 5);
    expect(bed.back).toBeCloseTo(22 / 40, 5);
  });

  it('marks a silhouette whose body runs off the photo’s bottom edge as cut, its cut edge its only feet', () => {
    const cut = floorOf((x, y) => x >= 10 && x < 50 && y >= 5, true);
    expect(cut.cut).toBe(true);
    expect(cut.back).toBe(1);
    expect(cut.feet[30]).toBe(1);
  });

  it('marks a silhouette whose body stops a pixel short of the photo’s bottom edge as cut', () => {
    expect(floorOf((x, y) => x >= 10 && x < 50 && y >= 5 && y < H - 1, true).cut).toBe(true);
  });

  it('never marks a silhouette cropped above the photo’s bottom edge as cut', () => {
    expect(floorOf(() => true).cut).toBe(false);
  });

  it('takes thin legs that end on the photo’s bottom edge for feet on the floor, not for a cut', () => {
    const chair = floorOf((x, y) => y < 20 || x < 3 || x >= 57, true);
    expect(chair.cut).toBe(false);
    expect(chair.feet[1]).toBe(1);
  });

  it('stands a table top whose legs were lost on its lowest rim, never in the air', () => {
    // An ellipse: a round top seen from above, nothing under it.
    const top = floorOf((x, y) => ((x - 29.5) / 29) ** 2 + ((y - 20) / 10) ** 2 <= 1);
    expect(top.feet[30]).toBeCloseTo(30 / 40, 5);
    expect(top.cut).toBe(false);
  });
});
