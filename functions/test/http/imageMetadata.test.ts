/**
 * What a stored image gives away (issue 12): a phone photo's GPS position, owner and maker notes
 * must not survive into any stored copy, while its colour profile does. And a listing the database
 * refuses leaves no file behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { createLocalStager } from '../../src/stagers/engine/index.js';
import { REPO_ROOT } from '../../src/localHost/server.js';

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Jane Seller</dc:creator></rdf:Description>' +
  '</rdf:RDF></x:xmpmeta>';

/**
 * A photo as a phone writes it: where it was taken, whose camera, notes in the Exif sub-IFD (libvips
 * cannot write a MakerNote itself, so a UserComment stands in for it), XMP, a Display P3 profile.
 */
function phonePhoto(input: Sharp): Promise<Buffer> {
  return input
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Artist: 'Jane Seller', Copyright: 'Jane Seller' },
      IFD2: { UserComment: 'camera-notes-secret' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2616/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 4000/100',
      },
    })
    .withXmp(XMP)
    .jpeg()
    .toBuffer();
}

function expectNoMetadataButProfile(meta: Metadata): void {
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeDefined();
}

let t: TestApp;
let seller: TestUser;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  seller = await signUpWithAccount(t.app);
  photo = await phonePhoto(sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a3c' } }));
});
afterAll(() => t.close());

const blobPath = (url: string) => new URL(url).pathname.replace(/^\/blobs\//, '');
const storedMetadata = async (url: string) => sharp((await t.blobs.get(blobPath(url)))!.data).metadata();
const files = () =>
  readdirSync(t.blobDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

function createListing(images: Buffer[]) {
  const req = request(t.app)
    .post('/api/marketplace-create-item')
    .set('authorization', `Bearer ${seller.idToken}`)
    .field('title', 'Walnut dresser')
    .field('description', 'Six drawers.')
    .field('price', '240');
  images.forEach((image, i) => req.attach('images', image, { filename: `p${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

describe('stored images carry no metadata', () => {
  it('the test photo does carry GPS, owner, camera notes and XMP', async () => {
    const meta = await sharp(photo).metadata();
    const exif = meta.exif!.toString('latin1');
    expect(exif).toContain('Jane Seller');
    expect(exif).toContain('camera-notes-secret');
    // The GPS IFD pointer (tag 0x8825, type LONG) in the little-endian IFD0.
    expect(meta.exif!.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(true);
    expect(meta.xmp).toBeDefined();
  });

  it('strips a listing photo and its thumbnail, keeping the colour profile', async () => {
    const response = await createListing([photo]);
    expect(response.status).toBe(201);
    const [image, thumb] = await Promise.all([
      storedMetadata(response.body.images[0]),
      storedMetadata(response.body.thumbs[0]),
    ]);
    expectNoMetadataButProfile(image);
    expectNoMetadataButProfile(thumb);
    expect(image).toMatchObject({ width: 640, height: 480, format: 'jpeg' });
    const original = (await sharp(photo).metadata()).icc!;
    expect(Buffer.from(image.icc!).equals(Buffer.from(original))).toBe(true);
  });

  it('turns a photo upright by its orientation tag before dropping the tag', async () => {
    const sideways = await sharp(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#345' } })
        .jpeg()
        .toBuffer(),
    )
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const response = await createListing([sideways]);
    const image = await storedMetadata(response.body.images[0]);
    expect(image).toMatchObject({ width: 200, height: 300 });
    expect(image.orientation).toBeUndefined();
  });

  it('stores an iPhone HEIC among listing images as a JPEG', async () => {
    const heic = readFileSync(new URL('../fixtures/heic/armchair-irot.heic', import.meta.url));
    const response = await createListing([photo, heic]);
    expect(response.status).toBe(201);
    expect(response.body.images[1]).toMatch(/\.jpg$/);
    const stored = await t.blobs.get(blobPath(response.body.images[1]));
    expect(stored?.contentType).toBe('image/jpeg');
    expect((await sharp(stored!.data).metadata()).format).toBe('jpeg');
  });

  it('strips a staging input, keeping the colour profile', async () => {
    const response = await request(t.app)
      .post('/api/stage')
      .set('authorization', `Bearer ${seller.idToken}`)
      .field('style', 'modern')
      .attach('imageFile', photo, { filename: 'dresser.jpg', contentType: 'image/jpeg' });
    expect(response.status).toBe(200);
    expectNoMetadataButProfile(await storedMetadata(response.body.inputUrl));
  });

  it('the engine writes a staged output with no metadata at all', async () => {
    const sample = sharp(readFileSync(join(REPO_ROOT, 'samples', 'dresser-blue.jpg')));
    const output = await createLocalStager().stage({
      image: await phonePhoto(sample),
      prompt: 'a bright living room',
      style: 'modern',
      furnitureType: 'dresser',
      mode: 'auto',
      size: 'standard',
      variant: 0,
    });
    const meta = await sharp(output.jpeg).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
  }, 60_000);
});

describe('a listing the database refuses leaves no file behind', () => {
  it('after a refused create', async () => {
    const before = files();
    const createItem = t.store.createItem;
    t.store.createItem = () => Promise.reject(new Error('database unavailable'));
    try {
      const response = await createListing([photo, photo]);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: { message: MESSAGES.internalError } });
    } finally {
      t.store.createItem = createItem;
    }
    expect(files()).toEqual(before);
  });

  it('after a refused update, keeping the listing’s images', async () => {
    const created = await createListing([photo]);
    const before = files();
    const updateItem = t.store.updateItem;
    t.store.updateItem = () => Promise.reject(new Error('database unavailable'));
    try {
      const response = await request(t.app)
        .put(`/api/marketplace-update-item?id=${created.body.id}`)
        .set('authorization', `Bearer ${seller.idToken}`)
        .field('title', 'Walnut dresser')
        .field('description', 'Six drawers.')
        .field('price', '250')
        .attach('images', photo, { filename: 'new.jpg', contentType: 'image/jpeg' });
      expect(response.status).toBe(500);
    } finally {
      t.store.updateItem = updateItem;
    }
    expect(files()).toEqual(before);
    expect((await t.store.getItem(created.body.id))?.images).toEqual(created.body.images);
  });
});
