import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { strippedJpeg } from '../../../src/stagers/engine/jpegSegments.js';

/** A noisy picture, so every scan carries real entropy-coded data (stuffed bytes included). */
function noisy(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + ((i / 3) | 0) * 11) % 256;
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A phone-like JPEG: EXIF with an owner and GPS, XMP and a Display P3 profile. */
function phoneJpeg(options: { progressive?: boolean } = {}): Promise<Buffer> {
  return noisy(160, 120)
    .withIccProfile('p3')
    .withExif({
      IFD0: { Artist: 'Jane Seller', Copyright: 'Jane Seller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2616/100' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>Jane Seller</dc:creator></x:xmpmeta>')
    .jpeg({ quality: 85, progressive: options.progressive ?? false })
    .toBuffer();
}

/** Inserts a segment right after SOI. */
function withSegment(jpeg: Buffer, marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

const pixelsOf = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

describe('strippedJpeg', () => {
  it('decodes to exactly the pixels of the JPEG it came from', async () => {
    const jpeg = await phoneJpeg();
    expect(Buffer.compare(await pixelsOf(strippedJpeg(jpeg)!), await pixelsOf(jpeg))).toBe(0);
  });

  it('keeps every scan of a progressive JPEG', async () => {
    const jpeg = await phoneJpeg({ progressive: true });
    expect(Buffer.compare(await pixelsOf(strippedJpeg(jpeg)!), await pixelsOf(jpeg))).toBe(0);
  });

  it('cuts EXIF and XMP, keeping the colour profile', async () => {
    const jpeg = await phoneJpeg();
    const meta = await sharp(strippedJpeg(jpeg)!).metadata();
    expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
    });
    expect(Buffer.compare(meta.icc!, (await sharp(jpeg).metadata()).icc!)).toBe(0);
    expect(contains(strippedJpeg(jpeg)!, 'Jane Seller')).toBe(false);
  });

  it('cuts comments, other application segments and whatever trails the image', async () => {
    const jpeg = withSegment(
      withSegment(await phoneJpeg(), 0xfe, Buffer.from('comment-secret')),
      0xed,
      Buffer.from('Photoshop 3.0\0iptc-secret'),
    );
    const stripped = strippedJpeg(Buffer.concat([jpeg, Buffer.from('trailing-video-secret')]))!;
    for (const secret of ['comment-secret', 'iptc-secret', 'trailing-video-secret'])
      expect(contains(stripped, secret)).toBe(false);
    expect(Buffer.compare(await pixelsOf(stripped), await pixelsOf(jpeg))).toBe(0);
  });

  it('keeps a JFIF marker without its thumbnail', async () => {
    const thumbnail = Buffer.concat([
      Buffer.from('JFIF\0'),
      Buffer.from([1, 2, 0, 0, 1, 0, 1, 2, 1]),
      Buffer.from('thumb-secret'),
    ]);
    const stripped = strippedJpeg(withSegment(await phoneJpeg(), 0xe0, thumbnail))!;
    expect(contains(stripped, 'JFIF')).toBe(true);
    expect(contains(stripped, 'thumb-secret')).toBe(false);
  });

  it('answers null for bytes that end before the image does', async () => {
    const jpeg = await phoneJpeg();
    expect(strippedJpeg(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
  });

  it('answers null for a segment it does not know', async () => {
    expect(strippedJpeg(withSegment(await phoneJpeg(), 0xf1, Buffer.from('jpeg extension')))).toBeNull();
  });

  it('answers null for what is no JPEG', async () => {
    expect(strippedJpeg(await noisy(8, 8).png().toBuffer())).toBeNull();
  });
});
