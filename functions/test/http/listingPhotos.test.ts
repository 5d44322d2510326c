/**
 * A listing's photo variants through the API (issue 25, photos at the right size): recorded on the
 * created listing, stored and returned to the listing's page, and gone with the photos they copy.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoVariants } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { pngBytes } from '../helpers/images.js';
import { removeListingPhotos } from '../../src/services/listingPhotos.js';

/** A sample photo as sellers upload it, 1200×900. */
const DRESSER = readFileSync(new URL('../../../samples/dresser-blue.jpg', import.meta.url));

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  seller = await signUpTestUser();
});
afterAll(() => t.close());

function submit(images: Buffer[], id?: string) {
  const req = id
    ? request(t.app).put(`/api/marketplace-update-item?id=${id}`)
    : request(t.app).post('/api/marketplace-create-item');
  req
    .set('authorization', `Bearer ${seller.idToken}`)
    .field('title', 'Painted dresser')
    .field('description', 'Six drawers.')
    .field('price', '240');
  images.forEach((image, i) => req.attach('images', image, { filename: `p${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

const blobPath = (url: string) => new URL(url).pathname.replace(/^\/blobs\//, '');
const stored = (url: string) => t.blobs.get(blobPath(url));
const variantUrls = (variants: PhotoVariants[]) => variants.flatMap((v) => v.sources.map((s) => s.url));

describe('a created listing', () => {
  let body: { id: string; images: string[]; variants: PhotoVariants[] };
  beforeAll(async () => {
    const response = await submit([DRESSER, await pngBytes(200, 300)]);
    expect(response.status).toBe(201);
    body = response.body;
  });

  it('records each photo’s size and its narrower copies, in the order of its images', () => {
    expect(body.variants).toHaveLength(2);
    expect(body.variants[0]).toMatchObject({ width: 1200, height: 900 });
    expect(body.variants[0]!.sources.map((s) => s.width)).toEqual([320, 640, 1024]);
    expect(body.variants[1]).toEqual({ width: 200, height: 300, sources: [] });
  });

  it('stores every variant beside its photo, at its width', async () => {
    const folder = blobPath(body.images[0]!).replace(/\.jpg$/, '');
    for (const source of body.variants[0]!.sources) {
      expect(blobPath(source.url)).toBe(`${folder}-${source.width}w.jpg`);
      const blob = await stored(source.url);
      expect(blob?.contentType).toBe('image/jpeg');
      expect(await sharp(blob!.data).metadata()).toMatchObject({
        width: source.width,
        height: Math.round((source.width * 900) / 1200),
      });
    }
  });

  it('serves the variants with the listing to its page and to the list', async () => {
    const detail = await request(t.app).get(`/api/marketplace-get-item?id=${body.id}`).expect(200);
    expect(detail.body.variants).toEqual(body.variants);
    const list = await request(t.app).get('/api/marketplace-get-items').expect(200);
    const listed = (list.body.data as { id: string; variants: PhotoVariants[] }[]).find((i) => i.id === body.id);
    expect(listed?.variants).toEqual(body.variants);
  });
});

describe('variants go with their photos', () => {
  it('replacing a listing’s photos removes the old variants and records the new ones', async () => {
    const created = (await submit([DRESSER]).expect(201)).body as { id: string; variants: PhotoVariants[] };
    const updated = await submit([await pngBytes(900, 600)], created.id).expect(200);
    expect(updated.body.variants[0].sources.map((s: { width: number }) => s.width)).toEqual([320, 640]);
    for (const url of variantUrls(created.variants)) expect(await stored(url)).toBeNull();
    for (const url of variantUrls(updated.body.variants)) expect(await stored(url)).not.toBeNull();
  });

  it('removing a listing’s photos removes its variants too', async () => {
    const created = (await submit([DRESSER, DRESSER]).expect(201)).body as {
      id: string;
      images: string[];
      thumbs: string[];
      variants: PhotoVariants[];
    };
    expect(variantUrls(created.variants)).toHaveLength(6);
    await removeListingPhotos(t.blobs, created);
    const left = await Promise.all(
      [...created.images, ...created.thumbs, ...variantUrls(created.variants)].map(stored),
    );
    expect(left.filter(Boolean)).toEqual([]);
  });
});
