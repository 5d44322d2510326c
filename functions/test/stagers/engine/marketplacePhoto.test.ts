import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { marketplacePhoto } from '../../../src/stagers/engine/marketplacePhoto.js';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d8d8d8' } })
    .jpeg()
    .toBuffer();

/** The lower-left corner where the caption goes: its darkest and brightest pixel (0–255, mean of the channels). */
async function cornerRange(jpeg: Uint8Array) {
  const { width, height } = await sharp(jpeg).metadata();
  const box = {
    left: 0,
    top: Math.round(height! * 0.8),
    width: Math.round(width! * 0.5),
    height: Math.round(height! * 0.2),
  };
  const { data, info } = await sharp(jpeg).extract(box).raw().toBuffer({ resolveWithObject: true });
  let darkest = 255;
  let brightest = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const value = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
    darkest = Math.min(darkest, value);
    brightest = Math.max(brightest, value);
  }
  return { darkest, brightest };
}

describe('marketplacePhoto', () => {
  it('shrinks a photo to the site’s long side as a JPEG, keeping its shape', async () => {
    const out = await marketplacePhoto(await photo(3000, 2000), 1200, false);
    expect(await sharp(out).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
  });

  it('never enlarges a photo smaller than the site’s size', async () => {
    const out = await marketplacePhoto(await photo(640, 480), 2048, false);
    expect(await sharp(out).metadata()).toMatchObject({ width: 640, height: 480 });
  });

  it('leaves a real photo’s corner as it was', async () => {
    const { darkest } = await cornerRange(await marketplacePhoto(await photo(1200, 900), 1600, false));
    expect(darkest).toBeGreaterThan(200);
  });

  it.each([
    [1200, 900],
    [320, 240],
  ])('draws the caption’s dark band and its white letters on a staged %ix%i photo', async (width, height) => {
    const { darkest, brightest } = await cornerRange(await marketplacePhoto(await photo(width, height), 1600, true));
    expect(darkest).toBeLessThan(110);
    expect(brightest).toBeGreaterThan(240);
  });
});
