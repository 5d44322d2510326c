import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rawTiff } from '../../../src/stagers/engine/rawTiff.js';

function pixels(width: number, height: number, channels: 3 | 4): Uint8Array {
  const data = new Uint8Array(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return data;
}

describe('rawTiff', () => {
  it('wraps RGB pixels so sharp reads back exactly the same pixels', async () => {
    const data = pixels(97, 150, 3);
    const { data: back, info } = await sharp(rawTiff({ data, width: 97, height: 150, channels: 3 })).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([97, 150, 3]);
    expect(Buffer.compare(back, Buffer.from(data))).toBe(0);
  });

  it('wraps RGBA pixels as colour with an alpha channel', async () => {
    const data = pixels(40, 70, 4);
    const { data: back, info } = await sharp(rawTiff({ data, width: 40, height: 70, channels: 4 })).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(Buffer.compare(back, Buffer.from(data))).toBe(0);
  });

  it('carries the ICC profile it is given', async () => {
    const icc = (await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).withIccProfile('p3').png().toBuffer().then((png) => sharp(png).metadata())).icc!;
    const tiff = rawTiff({ data: pixels(8, 8, 3), width: 8, height: 8, channels: 3 }, icc);
    expect(Buffer.compare((await sharp(tiff).metadata()).icc!, icc)).toBe(0);
  });

  it('refuses pixel data of the wrong length', () => {
    expect(() => rawTiff({ data: new Uint8Array(10), width: 4, height: 4, channels: 3 })).toThrow(/48 bytes/);
  });
});
