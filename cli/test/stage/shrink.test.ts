import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_INPUT_BYTES, PREPARED_LONG_SIDE } from '@flipstage/core';
import { fitForUpload } from '../../src/stage/shrink.js';

/** A flat photo stored `width` x `height`, with an EXIF orientation when given. */
async function photo(width: number, height: number, orientation?: number): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: '#7a6' } });
  return new Uint8Array(await (orientation ? image.withMetadata({ orientation }) : image).jpeg().toBuffer());
}

const sizeOf = async (bytes: Uint8Array) => {
  const { width, height, format, orientation } = await sharp(bytes).metadata();
  return { width, height, format, orientation };
};

describe('fitForUpload', () => {
  it('sends a phone photo within the engine’s size as it is', async () => {
    const bytes = await photo(4032, 3024);
    const fitted = await fitForUpload({ bytes, filename: 'chair.jpg', contentType: 'image/jpeg' });
    expect(fitted).toEqual({ bytes, filename: 'chair.jpg', contentType: 'image/jpeg', shrunk: null });
  });

  it('shrinks a camera file over 4,096 px to a JPEG of that long side, upright, under its own name', async () => {
    // Stored landscape with orientation 6: the camera was held upright.
    const bytes = await photo(6000, 4000, 6);
    const fitted = await fitForUpload({ bytes, filename: 'DSC_0042.JPG', contentType: 'image/jpeg' });
    expect(await sizeOf(fitted.bytes)).toEqual({
      width: 2731,
      height: PREPARED_LONG_SIDE,
      format: 'jpeg',
      orientation: undefined,
    });
    expect(fitted).toMatchObject({
      filename: 'DSC_0042.jpg',
      contentType: 'image/jpeg',
      shrunk: { from: '4000 x 6000', to: '2731 x 4096' },
    });
  });

  it('re-encodes a photo over the byte limit at its own size', async () => {
    // Noise PNG at no compression: 3,000 x 3,000 x 3 bytes is over 25 MB.
    const noise = {
      width: 3000,
      height: 3000,
      channels: 3 as const,
      background: '#000',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 60 },
    };
    const bytes = new Uint8Array(await sharp({ create: noise }).png({ compressionLevel: 0 }).toBuffer());
    expect(bytes.byteLength).toBeGreaterThan(MAX_INPUT_BYTES);
    const fitted = await fitForUpload({ bytes, filename: 'scan.png', contentType: 'image/png' });
    expect(fitted.bytes.byteLength).toBeLessThan(MAX_INPUT_BYTES);
    expect(await sizeOf(fitted.bytes)).toMatchObject({ width: 3000, height: 3000, format: 'jpeg' });
    expect(fitted.filename).toBe('scan.jpg');
  });

  it('sends a file it cannot read as it is, for the server to answer', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect((await fitForUpload({ bytes, filename: 'a.jpg', contentType: 'image/jpeg' })).bytes).toBe(bytes);
  });
});
