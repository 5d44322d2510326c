/**
 * The staging service prepares an upload once, at its door: storage and the stager get the same
 * prepared image, upright and without metadata. A photo that needs turning, shrinking or converting
 * is decoded there once; an upright JPEG within the bound is not decoded at all.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, PREPARED_LONG_SIDE } from '@flipstage/core';
import { createTestApp, signUpWithAccount, type TestApp } from '../helpers/testApp.js';
import { stageImage } from '../../src/services/staging.js';
import { createUploadedImages } from '../../src/stagers/engine/index.js';
import { silentLogger } from '../../src/logs.js';
import { ImageTooLarge, ImageUnreadable, type Images } from '../../src/ports/images.js';
import type { Blobs } from '../../src/ports/blobs.js';
import { unavailable } from '../helpers/fakeStager.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The real Images port, counting each call. */
function countingImages(): Images & { calls: Record<string, number> } {
  const inner = createUploadedImages();
  const calls: Record<string, number> = { sniff: 0, prepare: 0, storable: 0, listingCopies: 0 };
  return {
    calls,
    sniff: (data) => (calls.sniff!++, inner.sniff(data)),
    prepare: (data) => (calls.prepare!++, inner.prepare(data)),
    storable: (prepared) => (calls.storable!++, inner.storable(prepared)),
    listingCopies: (data, sniffed) => (calls.listingCopies!++, inner.listingCopies(data, sniffed)),
    marketplacePhoto: (data, longSide, staged) => inner.marketplacePhoto(data, longSide, staged),
  };
}

/** A 300×200 photo tagged EXIF orientation 6 (shown turned a quarter), with a camera owner and GPS-like EXIF. */
function turnedPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#8a5a3c' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Camera Owner', Copyright: 'Owner' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The test app's blobs, remembering which paths were written and deleted. */
function recordingBlobs(): Blobs & { written: string[]; deleted: string[] } {
  const written: string[] = [];
  const deleted: string[] = [];
  return {
    written,
    deleted,
    put: (path, data, contentType) => (written.push(path), t.blobs.put(path, data, contentType)),
    get: (path) => t.blobs.get(path),
    delete: (path) => (deleted.push(path), t.blobs.delete(path)),
    publicUrl: (path) => t.blobs.publicUrl(path),
    signedUrl: (path, ttlMs) => t.blobs.signedUrl(path, ttlMs),
  };
}

/** A noisy photo (an encode would change its pixels) with no orientation tag, an owner in its EXIF and a colour profile. */
function uprightPhoto(): Promise<Buffer> {
  const noise = Buffer.alloc(300 * 200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 37 + ((i / 3) | 0) * 11) % 256;
  return sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
    .jpeg({ quality: 70 })
    .withIccProfile('p3')
    .withExif({ IFD0: { Artist: 'Camera Owner' } })
    .toBuffer();
}

async function customerOf(uid: string) {
  const account = await t.store.getAccount(uid);
  if (!account) throw new Error('no account');
  return account.customer;
}

async function stageWith(images: Images, image: Uint8Array, blobs: Blobs = t.blobs) {
  const user = await signUpWithAccount(t.app);
  const response = await stageImage(
    { store: t.store, blobs, stager: t.stager, images, priceIds: LOCAL_PRICE_IDS, logger: silentLogger },
    {
      uid: user.uid,
      customer: await customerOf(user.uid),
      idempotencyKey: undefined,
      image,
      fields: { style: 'modern', furnitureType: 'chair', mode: 'auto' },
    },
  );
  const stored = await t.blobs.get(new URL(response.inputUrl).pathname.replace(/^\/blobs\//, ''));
  if (!stored) throw new Error('no stored input');
  return { stored: stored.data, staged: t.stager.calls.at(-1)!.image };
}

describe('an upload at the staging door', () => {
  it('turned by EXIF is decoded once, and storage and the stager get the same prepared pixels', async () => {
    const images = countingImages();
    const { staged } = await stageWith(images, await turnedPhoto());
    expect(images.calls).toEqual({ sniff: 1, prepare: 1, storable: 1, listingCopies: 0 });
    // An uncompressed TIFF: the stager reads its pixels without decoding anything.
    expect((await sharp(staged).metadata()).format).toBe('tiff');
    expect(staged.byteLength).toBeGreaterThanOrEqual(200 * 300 * 3);
  });

  it('an upright JPEG goes to storage and to the stager as its own bytes, its metadata cut, with nothing decoded', async () => {
    const photo = await uprightPhoto();
    const { stored, staged } = await stageWith(countingImages(), photo);
    expect(Buffer.compare(Buffer.from(staged), Buffer.from(stored))).toBe(0);
    expect(staged.byteLength).toBeLessThan(photo.byteLength);
    const meta = await sharp(staged).metadata();
    expect({ format: meta.format, exif: meta.exif, hasProfile: meta.hasProfile }).toEqual({
      format: 'jpeg',
      exif: undefined,
      hasProfile: true,
    });
  });

  it('a JPEG past the bound is shrunk and turned once into a JPEG that storage keeps as the stager gets it', async () => {
    // 5000 × 400 stored, shown turned a quarter: 400 × 5000 upright, so 328 × 4096 within the bound.
    const noise = Buffer.alloc(5000 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 37 + ((i / 3) | 0) * 11) % 256;
    const photo = await sharp(noise, { raw: { width: 5000, height: 400, channels: 3 } })
      .jpeg({ quality: 80 })
      .withIccProfile('p3')
      .withExif({ IFD0: { Artist: 'Camera Owner' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const images = countingImages();
    const { stored, staged } = await stageWith(images, photo);
    expect(images.calls).toEqual({ sniff: 1, prepare: 1, storable: 1, listingCopies: 0 });
    expect(Buffer.compare(Buffer.from(staged), Buffer.from(stored))).toBe(0);
    const meta = await sharp(staged).metadata();
    expect({
      format: meta.format,
      width: meta.width,
      height: meta.height,
      orientation: meta.orientation ?? 1,
      exif: meta.exif,
      hasProfile: meta.hasProfile,
    }).toEqual({
      format: 'jpeg',
      width: 328,
      height: PREPARED_LONG_SIDE,
      orientation: 1,
      exif: undefined,
      hasProfile: true,
    });
  });

  it('a JPEG past the bound cut short is refused as damaged at the door', async () => {
    const photo = await sharp({ create: { width: 5000, height: 300, channels: 3, background: '#8a5a3c' } })
      .jpeg()
      .toBuffer();
    await expect(
      createUploadedImages().prepare(photo.subarray(0, Math.floor(photo.length * 0.6))),
    ).rejects.toBeInstanceOf(ImageUnreadable);
  });

  it('a JPEG cut short is refused as damaged at the door', async () => {
    const photo = await uprightPhoto();
    await expect(
      createUploadedImages().prepare(photo.subarray(0, Math.floor(photo.length * 0.6))),
    ).rejects.toBeInstanceOf(ImageUnreadable);
  });

  it('turned by EXIF arrives upright in storage and at the stager', async () => {
    const { stored, staged } = await stageWith(countingImages(), await turnedPhoto());
    for (const image of [stored, staged]) {
      const meta = await sharp(image).metadata();
      // Upright: no orientation tag, or the one that says "as stored".
      expect({ width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 }).toEqual({
        width: 200,
        height: 300,
        orientation: 1,
      });
    }
  });

  it('loses its metadata before storage and before the stager', async () => {
    const { stored, staged } = await stageWith(countingImages(), await turnedPhoto());
    for (const image of [stored, staged]) {
      const meta = await sharp(image).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
    }
  });

  it('an upright JPEG is stored as its own pixels, its metadata cut, with no encode', async () => {
    const photo = await uprightPhoto();
    const { stored } = await stageWith(countingImages(), photo);
    const [storedPixels, uploadedPixels] = await Promise.all([
      sharp(stored).raw().toBuffer(),
      sharp(photo).raw().toBuffer(),
    ]);
    expect(Buffer.compare(storedPixels, uploadedPixels)).toBe(0);
    const meta = await sharp(stored).metadata();
    expect({ exif: meta.exif, hasProfile: meta.hasProfile }).toEqual({ exif: undefined, hasProfile: true });
  });

  it('an iPhone HEIC over the pixel promise is refused from its header by the decode beside the sniff', async () => {
    // The fixture's image-size box says 6000 × 8000, 48 MP; its picture is 360 × 480. Refused from
    // the header, it is too large; handed to libheif first, it would be decoded, then found damaged.
    const heic = Buffer.from(readFileSync(new URL('../fixtures/heic/armchair-irot.heic', import.meta.url)));
    const box = heic.indexOf('ispe');
    heic.writeUInt32BE(6000, box + 8);
    heic.writeUInt32BE(8000, box + 12);
    await expect(createUploadedImages().prepare(new Uint8Array(heic))).rejects.toBeInstanceOf(ImageTooLarge);
  });

  it('leaves no stored input behind when the staging fails', async () => {
    const user = await signUpWithAccount(t.app);
    const blobs = recordingBlobs();
    t.stager.failWith = unavailable();
    try {
      const staging = stageImage(
        {
          store: t.store,
          blobs,
          stager: t.stager,
          images: countingImages(),
          priceIds: LOCAL_PRICE_IDS,
          logger: silentLogger,
        },
        {
          uid: user.uid,
          customer: await customerOf(user.uid),
          idempotencyKey: undefined,
          image: await uprightPhoto(),
          fields: { style: 'modern', furnitureType: 'chair', mode: 'auto' },
        },
      );
      await expect(staging).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      t.stager.failWith = null;
    }
    expect(blobs.written).toHaveLength(1);
    // Every file the attempt may have stored is removed, among them the one it did store.
    expect(blobs.deleted).toEqual(expect.arrayContaining(blobs.written));
    expect(await t.blobs.get(blobs.written[0]!)).toBeNull();
  });
});
