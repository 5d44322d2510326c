import { describe, expect, it } from 'vitest';
import { silhouetteFloor } from '../../../src/stagers/engine/floorContact.js';
import { photoView } from '../../../src/stagers/engine/viewpoint.js';

/**
 * A mask whose column x is filled from `topAt` down to `bottomAt(x)` (shares of the height), over
 * an empty bottom row, as the engine crops a piece with a pixel of margin; `cut` fills that row too.
 */
function silhouette(width: number, height: number, bottomAt: (x: number) => number, topAt = 0, cut = false) {
  const mask = new Uint8Array(width * height);
  const rows = cut ? height : height - 1;
  for (let x = 0; x < width; x++) {
    const bottom = bottomAt(x / (width - 1));
    for (let y = Math.round(topAt * rows); y < Math.round(bottom * rows); y++) mask[y * width + x] = 1;
  }
  return silhouetteFloor({ mask, width, height }, cut);
}

describe('reading the viewpoint of a photo from where the piece meets the floor', () => {
  it('reads a dresser with a flat base as photographed front-on', () => {
    expect(photoView(silhouette(120, 100, () => 1))).toEqual({ view: 'front' });
  });

  it('reads a table whose rear legs stand higher between the front ones as front-on', () => {
    const legs = (x: number) =>
      x < 0.08 || x > 0.92 ? 1 : x > 0.3 && x < 0.36 ? 0.9 : x > 0.64 && x < 0.7 ? 0.9 : 0.6;
    expect(photoView(silhouette(120, 100, legs)).view).toBe('front');
  });

  it('reads a sofa on legs, its seat’s underside high between them, as front-on', () => {
    const sofa = (x: number) => (x < 0.04 || x > 0.96 || Math.abs(x - 0.5) < 0.02 ? 1 : 0.88);
    expect(photoView(silhouette(300, 100, sofa)).view).toBe('front');
  });

  it('reads a base that meets the floor in a V, its corner nearest, as a three-quarter view', () => {
    expect(photoView(silhouette(120, 100, (x) => 1 - Math.abs(x - 0.4) * 0.2)).view).toBe('three-quarter');
  });

  it('reads a base that slopes up to one side, its corner at the end, as a three-quarter view', () => {
    expect(photoView(silhouette(120, 100, (x) => 1 - x * 0.12)).view).toBe('three-quarter');
  });

  it('reads a table standing on a V of three legs, its rear leg higher behind, as a three-quarter view', () => {
    const legs = (x: number) =>
      x < 0.04 ? 0.85 : Math.abs(x - 0.6) < 0.02 ? 1 : x > 0.96 ? 0.9 : Math.abs(x - 0.3) < 0.02 ? 0.75 : 0.35;
    expect(photoView(silhouette(200, 100, legs))).toEqual({ view: 'three-quarter', nearCorner: 'right' });
  });

  it('reads a chair seen from a corner and above, its side receding at 40° from its nearest leg, as a three-quarter view', () => {
    // The nearest leg at 60 % of the width, the far front leg at the left end, nothing beyond the nearest leg.
    const legs = (x: number) => (x < 0.07 ? 0.53 : Math.abs(x - 0.6) < 0.02 ? 1 : x > 0.62 ? 0 : 0.45);
    expect(photoView(silhouette(100, 100, legs))).toEqual({ view: 'three-quarter', nearCorner: 'right' });
  });

  it('places the nearest corner on the side of the V’s shorter, steeper arm', () => {
    const right = silhouette(200, 100, (x) => (x < 0.7 ? 0.85 + x * 0.2143 : 1 - (x - 0.7) * 0.6));
    const left = silhouette(200, 100, (x) => (x > 0.3 ? 0.85 + (1 - x) * 0.2143 : 1 - (0.3 - x) * 0.6));
    expect(photoView(right).nearCorner).toBe('right');
    expect(photoView(left).nearCorner).toBe('left');
  });

  it('places the nearest corner of a lone slope at its lowest end', () => {
    expect(photoView(silhouette(120, 100, (x) => 1 - x * 0.12)).nearCorner).toBe('left');
    expect(photoView(silhouette(120, 100, (x) => 0.88 + x * 0.12)).nearCorner).toBe('right');
  });

  it('reads a base tilted a degree or two, as by a photo held askew, as front-on', () => {
    expect(photoView(silhouette(300, 100, (x) => 1 - x * 0.1)).view).toBe('front');
  });

  it('reads the round rim of a table top whose legs were lost as front-on, not as a corner', () => {
    const rim = (x: number) => 0.6 + 0.4 * Math.sqrt(Math.max(0, 1 - ((x - 0.5) / 0.5) ** 2));
    expect(photoView(silhouette(300, 100, rim, 0.2)).view).toBe('front');
  });

  it('reads a piece cut off by the photo’s bottom edge as front-on: its floor is not seen', () => {
    const bottom = (x: number) => Math.min(1, 1.05 - x * 0.2);
    expect(photoView(silhouette(120, 100, bottom)).view).toBe('three-quarter');
    expect(photoView(silhouette(120, 100, bottom, 0, true)).view).toBe('front');
  });
});
