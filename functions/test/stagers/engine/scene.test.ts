import { describe, expect, it } from 'vitest';
import { sceneCues } from '../../../src/stagers/engine/classify/scene.js';

/** A picture whose top two thirds are `upper` and the rest `lower`. */
function picture(upper: [number, number, number], lower: [number, number, number]) {
  const width = 60;
  const height = 45;
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) rgb.set(p < width * 30 ? upper : lower, p * 3);
  return { rgb, width, height };
}

describe('the landscape cue', () => {
  it('does not read a white wall under cool light, above a floor, as sky', () => {
    expect(sceneCues(picture([212, 224, 238], [150, 118, 86])).skyTop).toBe(0);
  });

  it('reads a blue sky over a field as sky, hazy or clear', () => {
    expect(sceneCues(picture([178, 205, 236], [90, 130, 60])).skyTop).toBe(1);
    expect(sceneCues(picture([110, 160, 225], [90, 130, 60])).skyTop).toBe(1);
  });
});
