/**
 * The staging service decodes an upload once, at its door: storage and the stager get the same
 * prepared pixels, upright and without metadata.
 */
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser } from '../helpers/emulatorUsers.js';
import { stageImage } from '../../src/services/staging.js';
import { createUploadedImages } from '../../src/stagers/engine/index.js';
import { silentLogger } from '../../src/logs.js';
import type { Images } from '../../src/ports/images.js';

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
    prepare: (data, sniffed) => (calls.prepare!++, inner.prepare(data, sniffed)),
    storable: (prepared) => (calls.storable!++, inner.storable(prepared)),
    listingCopies: (data, sniffed) => (calls.listingCopies!++, inner.listingCopies(data, sniffed)),
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

async function stageWith(images: Images, image: Uint8Array) {
  const user = await signUpTestUser();
  await request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
  const response = await stageImage(
    { store: t.store, blobs: t.blobs, stager: t.stager, images, priceIds: LOCAL_PRICE_IDS, logger: silentLogger },
    { uid: user.uid, idempotencyKey: undefined, image, fields: { style: 'modern', furnitureType: 'chair', mode: 'auto' } },
  );
  const stored = await t.blobs.get(new URL(response.inputUrl).pathname.replace(/^\/blobs\//, ''));
  if (!stored) throw new Error('no stored input');
  return { stored: stored.data, staged: t.stager.calls.at(-1)!.image };
}

describe('an upload at the staging door', () => {
  it('is decoded once, and storage and the stager get the same prepared pixels', async () => {
    const images = countingImages();
    const { staged } = await stageWith(images, await turnedPhoto());
    expect(images.calls).toEqual({ sniff: 1, prepare: 1, storable: 1, listingCopies: 0 });
    // An uncompressed TIFF: the stager reads its pixels without decoding anything.
    expect((await sharp(staged).metadata()).format).toBe('tiff');
    expect(staged.byteLength).toBeGreaterThanOrEqual(200 * 300 * 3);
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
});
