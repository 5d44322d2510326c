import { describe, expect, it } from 'vitest';
import { silhouetteFloor } from '../../../src/stagers/engine/floorContact.js';
import { photoView } from '../../../src/stagers/engine/viewpoint.js';

/** A mask whose column x is filled from the top down to bottomAt(x) (a share of the height). */
function silhouette(width: number, height: number, bottomAt: (x: number) => number | null) {
  const mask = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    const bottom = bottomAt(x / (width - 1));
    if (bottom === null) continue;
    for (let y = 0; y < Math.round(bottom * height); y++) mask[y * width + x] = 1;
  }
  return silhouetteFloor({ mask, width, height });
}

describe('reading the viewpoint of a photo from where the piece meets the floor', () => {
  it('reads a dresser with a flat base as photographed front-on', () => {
    expect(photoView(silhouette(120, 100, () => 1))).toBe('front');
  });

  it('reads a table whose rear legs stand higher between the front ones as front-on', () => {
    const legs = (x: number) =>
      x < 0.08 || x > 0.92 ? 1 : x > 0.3 && x < 0.36 ? 0.9 : x > 0.64 && x < 0.7 ? 0.9 : 0.6;
    expect(photoView(silhouette(120, 100, legs))).toBe('front');
  });

  it('reads a base that meets the floor in a V, its corner nearest, as a three-quarter view', () => {
    expect(photoView(silhouette(120, 100, (x) => 1 - Math.abs(x - 0.4) * 0.2))).toBe('three-quarter');
  });

  it('reads a base that slopes up to one side, its corner at the end, as a three-quarter view', () => {
    expect(photoView(silhouette(120, 100, (x) => 1 - x * 0.12))).toBe('three-quarter');
  });
});
