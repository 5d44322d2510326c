/**
 * The copies a listing stores of each photo (issue 25, photos at the right size): narrower copies
 * for srcset at the widths a page picks from, upright, stripped like the stored photo, in a format
 * the browser shows as the stored photo would.
 */
import { readFileSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUploadedImages } from '../../../src/stagers/engine/index.js';
import type { ListingCopies } from '../../../src/ports/images.js';

const images = createUploadedImages();

/** A real photograph (sources and licences in the folder's LICENSES.md), 800×693. */
const aloe = () => sharp(readFileSync(new URL('../../fixtures/photos/aloe-cloth.jpg', import.meta.url)));

async function copiesOf(bytes: Buffer): Promise<ListingCopies> {
  const data = new Uint8Array(bytes);
  const sniffed = await images.sniff(data);
  if (!sniffed) throw new Error('the test photo did not sniff as an image');
  return images.listingCopies(data, sniffed);
}

const metadataOf = (copy: { data: Uint8Array }) => sharp(copy.data).metadata();

describe('a photo wider than every variant', () => {
  let copies: ListingCopies;
  beforeAll(async () => {
    // The real photo enlarged to a phone camera's width, so every variant width applies.
    copies = await copiesOf(await aloe().resize({ width: 2400 }).jpeg({ quality: 90 }).toBuffer());
  });

  it('is stored at 320, 640, 1024 and 1600 px wide, narrowest first', async () => {
    expect(copies.variants.map((v) => v.width)).toEqual([320, 640, 1024, 1600]);
    const sizes = await Promise.all(copies.variants.map(metadataOf));
    expect(sizes.map((m) => m.width)).toEqual([320, 640, 1024, 1600]);
  });

  it('keeps the photo’s aspect ratio in every variant', async () => {
    expect({ width: copies.width, height: copies.height }).toEqual({ width: 2400, height: 2079 });
    for (const variant of copies.variants) {
      const { width, height } = await metadataOf(variant);
      expect(Math.abs(height - (width * copies.height) / copies.width)).toBeLessThanOrEqual(1);
    }
  });

  it('writes the variants as JPEG, like the stored copy of a JPEG, and each smaller than the next', async () => {
    expect(copies.variants.map((v) => [v.contentType, v.ext])).toEqual(
      Array.from({ length: 4 }, () => ['image/jpeg', 'jpg']),
    );
    expect((await Promise.all(copies.variants.map(metadataOf))).map((m) => m.format)).toEqual(
      Array.from({ length: 4 }, () => 'jpeg'),
    );
    const bytes = [...copies.variants.map((v) => v.data.byteLength), copies.image.data.byteLength];
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  });

  it('still makes the 128×128 cover thumbnail', async () => {
    expect(await sharp(copies.thumb).metadata()).toMatchObject({ width: 128, height: 128, format: 'jpeg' });
  });
});

describe('which widths a photo gets', () => {
  it('only those narrower than the photo itself', async () => {
    expect((await copiesOf(await aloe().jpeg().toBuffer())).variants.map((v) => v.width)).toEqual([320, 640]);
  });

  it('none for a photo no wider than the narrowest', async () => {
    const copies = await copiesOf(await aloe().resize({ width: 320 }).jpeg().toBuffer());
    expect(copies.variants).toEqual([]);
    expect({ width: copies.width, height: copies.height }).toEqual({ width: 320, height: 277 });
  });
});

describe('a phone photo taken sideways, with its location and owner', () => {
  let copies: ListingCopies;
  beforeAll(async () => {
    // Stored 1000×600 as the sensor saw it, red on the left: orientation 6 shows it turned a quarter
    // clockwise, so upright it is 600×1000 with the red on top.
    const halves = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#1040c0' } })
      .composite([
        { input: { create: { width: 500, height: 600, channels: 3, background: '#d02020' } }, left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
    const phone = (input: Sharp) =>
      input
        .withIccProfile('p3')
        .withExif({
          IFD0: { Make: 'Apple', Model: 'iPhone 15', Artist: 'Jane Seller' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2616/100' },
        })
        .withMetadata({ orientation: 6 })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')
        .jpeg({ quality: 92 });
    copies = await copiesOf(await phone(sharp(halves)).toBuffer());
  });

  it('reports the upright size', () => {
    expect({ width: copies.width, height: copies.height }).toEqual({ width: 600, height: 1000 });
  });

  it('stores the variant upright, with no orientation tag left to turn it again', async () => {
    const [variant] = copies.variants;
    expect(copies.variants.map((v) => v.width)).toEqual([320]);
    const meta = await metadataOf(variant!);
    expect(meta).toMatchObject({ width: 320, height: 533 });
    expect(meta.orientation).toBeUndefined();
    const pixel = async (top: number) => {
      const { data } = await sharp(variant!.data)
        .extract({ left: 160, top, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const [topRed, , topBlue] = await pixel(40);
    const [bottomRed, , bottomBlue] = await pixel(490);
    expect(topRed!).toBeGreaterThan(topBlue!);
    expect(bottomBlue!).toBeGreaterThan(bottomRed!);
  });

  it('keeps no Exif, GPS, XMP or IPTC in a variant, only the colour profile', async () => {
    const meta = await metadataOf(copies.variants[0]!);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeDefined();
  });
});

describe('formats', () => {
  it('a see-through PNG gets WebP variants that keep its transparency', async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 0.4 } },
    })
      .png()
      .toBuffer();
    const copies = await copiesOf(png);
    expect(copies.variants.map((v) => [v.width, v.contentType, v.ext])).toEqual([
      [320, 'image/webp', 'webp'],
      [640, 'image/webp', 'webp'],
    ]);
    expect(await metadataOf(copies.variants[0]!)).toMatchObject({ format: 'webp', hasAlpha: true });
  });

  it('a WebP photo gets WebP variants', async () => {
    const copies = await copiesOf(await aloe().webp().toBuffer());
    expect(copies.variants.map((v) => v.contentType)).toEqual(['image/webp', 'image/webp']);
  });
});
