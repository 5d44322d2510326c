import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE, ITEM_STAGED_FROM_FIELD, MAX_ITEM_IMAGE_BYTES, MESSAGES } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes, pngBytes } from '../helpers/images.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  [seller, buyer] = await Promise.all([signUpTestUser(), signUpTestUser()]);
});
afterAll(() => t.close());

const validFields = {
  title: 'Walnut mid-century dresser',
  description: 'Six drawers, refinished top.',
  price: '240',
  tags: 'walnut, Dresser ,mid-century',
  state: 'active',
};

function submit(
  method: 'post' | 'put',
  user: TestUser,
  fields: Record<string, string | string[]>,
  images: Buffer[] = [],
  id?: string,
) {
  const path =
    method === 'post'
      ? '/api/marketplace-create-item'
      : `/api/marketplace-update-item${id === undefined ? '' : `?id=${id}`}`;
  const req = request(t.app)[method](path).set('authorization', `Bearer ${user.idToken}`);
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) req.field(name, v);
  images.forEach((image, i) => req.attach('images', image, { filename: `photo-${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

const blobPath = (url: string) => new URL(url).pathname.replace(/^\/blobs\//, '');

describe('POST /api/marketplace-create-item', () => {
  it('creates an active item with parsed tags, stored images and 128×128 thumbnails', async () => {
    const response = await submit('post', seller, validFields, [await jpegBytes(640, 480), await pngBytes()]);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: 'Walnut mid-century dresser',
      description: 'Six drawers, refinished top.',
      price: 240,
      tags: ['walnut', 'dresser', 'mid-century'],
      owner: seller.uid,
      state: 'active',
    });
    expect(response.body.images).toHaveLength(2);
    expect(response.body.thumbs).toHaveLength(2);
    expect(response.body.images[1]).toMatch(/\.png$/);
    expect(response.body).not.toHaveProperty('keywords');
  });

  it('makes each thumbnail a 128×128 cover JPEG', async () => {
    const response = await submit('post', seller, validFields, [await jpegBytes(900, 300)]);
    const thumb = await t.blobs.get(blobPath(response.body.thumbs[0]));
    expect(thumb?.contentType).toBe('image/jpeg');
    expect(await sharp(thumb!.data).metadata()).toMatchObject({ width: 128, height: 128, format: 'jpeg' });
  });

  it('defaults the state to active and accepts a listing without images', async () => {
    const { state: _state, ...withoutState } = validFields;
    const response = await submit('post', seller, withoutState);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ state: 'active', images: [], thumbs: [] });
  });

  it.each([
    [{ title: '' }, MESSAGES.titleRequired],
    [{ title: '   ' }, MESSAGES.titleRequired],
    [{ description: '' }, MESSAGES.descriptionRequired],
    [{ price: '' }, MESSAGES.priceRequired],
    [{ price: 'cheap' }, MESSAGES.priceNotNumber],
    [{ price: '-1' }, MESSAGES.priceMinimum],
    [{ state: 'gone' }, MESSAGES.itemStateInvalid],
  ])('answers 400 for %j with the spec message', async (override, message) => {
    const response = await submit('post', seller, { ...validFields, ...override });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
  });

  it('answers 400 for a non-image file declared as an image, and stores nothing', async () => {
    const before = await request(t.app).get('/api/marketplace-get-items').query({ search: 'sneaky' });
    const response = await submit('post', seller, { ...validFields, title: 'sneaky' }, [
      await jpegBytes(),
      Buffer.from('MZ not really a picture'),
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.itemImagesOnly } });
    const after = await request(t.app).get('/api/marketplace-get-items').query({ search: 'sneaky' });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('answers 413 for an image over 10 MB', async () => {
    const response = await submit('post', seller, validFields, [Buffer.alloc(MAX_ITEM_IMAGE_BYTES + 1, 1)]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { message: MESSAGES.fileTooLarge } });
  });

  it('answers 413 when the images add up to more than 30 MB, under the 32 MB a Cloud Function accepts', async () => {
    const image = Buffer.alloc(MAX_ITEM_IMAGE_BYTES - 1024, 1);
    const response = await submit('post', seller, validFields, [image, image, image, image]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { message: MESSAGES.listingImagesTooLarge } });
  });

  it('answers 413 for more than 8 images', async () => {
    const image = await jpegBytes(40, 40);
    const response = await submit(
      'post',
      seller,
      validFields,
      Array.from({ length: 9 }, () => image),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { message: MESSAGES.tooManyFiles } });
  });

  it('answers 401 when signed out', async () => {
    const response = await request(t.app).post('/api/marketplace-create-item').field('title', 'x');
    expect(response.status).toBe(401);
  });
});

describe('AI-staged listings', () => {
  async function stagedOutputOf(user: TestUser): Promise<string> {
    await request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    const staged = await request(t.app)
      .post('/api/stage')
      .set('authorization', `Bearer ${user.idToken}`)
      .field('style', 'modern')
      .attach('imageFile', await jpegBytes(), { filename: 'a.jpg', contentType: 'image/jpeg' });
    return staged.body.outputUrl as string;
  }

  it('marks a listing whose image came from the owner’s own staging result', async () => {
    const outputUrl = await stagedOutputOf(seller);
    const response = await submit('post', seller, { ...validFields, [ITEM_STAGED_FROM_FIELD]: outputUrl }, [
      await jpegBytes(),
    ]);
    expect(response.body.aiStaged).toBe(true);
  });

  it('does not mark a listing for someone else’s or a made-up staging URL', async () => {
    const othersUrl = await stagedOutputOf(buyer);
    const madeUp = othersUrl.replace(buyer.uid, seller.uid);
    const response = await submit('post', seller, { ...validFields, [ITEM_STAGED_FROM_FIELD]: [othersUrl, madeUp] }, [
      await jpegBytes(),
    ]);
    expect(response.body.aiStaged).toBe(false);
  });

  it('does not mark a listing without images', async () => {
    const outputUrl = await stagedOutputOf(seller);
    const response = await submit('post', seller, { ...validFields, [ITEM_STAGED_FROM_FIELD]: outputUrl });
    expect(response.body.aiStaged).toBe(false);
  });
});

describe('PUT /api/marketplace-update-item', () => {
  it('lets the owner change the fields and state, keeping images when none are sent', async () => {
    const created = await submit('post', seller, validFields, [await jpegBytes()]);
    const response = await submit(
      'put',
      seller,
      { ...validFields, price: '199.5', state: 'sold' },
      [],
      created.body.id,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.body.id,
      price: 199.5,
      state: 'sold',
      images: created.body.images,
    });
  });

  it('replaces the images when new ones are sent', async () => {
    const created = await submit('post', seller, validFields, [await jpegBytes()]);
    const response = await submit('put', seller, validFields, [await pngBytes(), await pngBytes()], created.body.id);
    expect(response.body.images).toHaveLength(2);
    expect(response.body.images).not.toContain(created.body.images[0]);
  });

  it('answers 403 for another user and leaves the item unchanged', async () => {
    const created = await submit('post', seller, validFields);
    const response = await submit('put', buyer, { ...validFields, title: 'Stolen' }, [], created.body.id);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: MESSAGES.notOwner } });
    expect((await t.store.getItem(created.body.id))?.title).toBe(validFields.title);
  });

  it('answers 404 for a missing item or id', async () => {
    expect((await submit('put', seller, validFields, [], 'no-such-item')).status).toBe(404);
    expect((await submit('put', seller, validFields)).status).toBe(404);
  });
});

describe('GET /api/marketplace-get-items', () => {
  it('searches title, description and tags, newest first, with a tag filter', async () => {
    const word = `zebrawood${Date.now()}`;
    const a = await submit('post', seller, { ...validFields, title: `${word} chest`, tags: 'chest' });
    const b = await submit('post', seller, {
      ...validFields,
      description: `Inlaid ${word.toUpperCase()} top`,
      tags: 'table',
    });
    const c = await submit('post', seller, { ...validFields, title: 'Plain chair', tags: `${word}, chair` });

    const all = await request(t.app).get('/api/marketplace-get-items').query({ search: word });
    expect(all.status).toBe(200);
    expect(all.body.data.map((i: { id: string }) => i.id)).toEqual([c.body.id, b.body.id, a.body.id]);
    const tagged = await request(t.app).get('/api/marketplace-get-items').query({ search: word, tag: 'Table' });
    expect(tagged.body.data.map((i: { id: string }) => i.id)).toEqual([b.body.id]);
  });

  it('finds a listing by the beginning of a title word', async () => {
    const word = `quartersawn${Date.now()}`;
    const item = await submit('post', seller, { ...validFields, title: `${word} sideboard` });
    const response = await request(t.app)
      .get('/api/marketplace-get-items')
      .query({ search: word.slice(0, 8) });
    expect(response.body.data.map((i: { id: string }) => i.id)).toContain(item.body.id);
  });

  it('shows sold items only to their owner', async () => {
    const word = `soldword${Date.now()}`;
    const sold = await submit('post', seller, { ...validFields, title: word, state: 'sold' });
    const anonymous = await request(t.app).get('/api/marketplace-get-items').query({ search: word });
    expect(anonymous.body.data).toEqual([]);
    const other = await request(t.app)
      .get('/api/marketplace-get-items')
      .query({ search: word })
      .set('authorization', `Bearer ${buyer.idToken}`);
    expect(other.body.data).toEqual([]);
    const owner = await request(t.app)
      .get('/api/marketplace-get-items')
      .query({ search: word })
      .set('authorization', `Bearer ${seller.idToken}`);
    expect(owner.body.data.map((i: { id: string }) => i.id)).toEqual([sold.body.id]);
  });

  it('pages 24 at a time with an opaque cursor', async () => {
    const word = `pageword${Date.now()}`;
    for (let i = 0; i < ITEM_PAGE_SIZE + 2; i++) await submit('post', seller, { ...validFields, title: `${word} ${i}` });
    const first = await request(t.app).get('/api/marketplace-get-items').query({ search: word });
    expect(first.body.data).toHaveLength(ITEM_PAGE_SIZE);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await request(t.app)
      .get('/api/marketplace-get-items')
      .query({ search: word, cursor: first.body.nextCursor });
    expect(second.body.data).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
  });

  it('answers 401 for a bad token rather than hiding the caller’s sold items', async () => {
    const response = await request(t.app).get('/api/marketplace-get-items').set('authorization', 'Bearer nope');
    expect(response.status).toBe(401);
  });
});

describe('GET /api/marketplace-get-item', () => {
  const getItem = (id: string, user?: TestUser) => {
    const req = request(t.app).get('/api/marketplace-get-item').query({ id });
    return user ? req.set('authorization', `Bearer ${user.idToken}`) : req;
  };

  it('gives anyone the listing with its full-size images and the seller’s profile name', async () => {
    const named = await signUpTestUser('Ada Lovelace');
    await request(t.app).post('/api/account').set('authorization', `Bearer ${named.idToken}`);
    const created = await submit('post', named, validFields, [await jpegBytes(900, 600)]);

    const response = await getItem(created.body.id);
    expect(response.status).toBe(200);
    const account = await t.store.getAccount(named.uid);
    expect(response.body).toEqual({ ...created.body, sellerName: 'Ada Lovelace', sellerSince: account?.createdAt });
    const full = await t.blobs.get(blobPath(response.body.images[0]));
    expect(await sharp(full!.data).metadata()).toMatchObject({ width: 900, height: 600 });
  });

  it('names no seller when the profile has no name, and never shows the email address', async () => {
    await request(t.app).post('/api/account').set('authorization', `Bearer ${seller.idToken}`);
    const created = await submit('post', seller, validFields);
    const response = await getItem(created.body.id);
    expect(response.body.sellerName).toBeNull();
    expect(JSON.stringify(response.body)).not.toContain(seller.email);
  });

  it('shows a sold listing to everyone, so a shared link says Sold', async () => {
    const sold = await submit('post', seller, { ...validFields, state: 'sold' });
    for (const viewer of [undefined, buyer, seller]) {
      const response = await getItem(sold.body.id, viewer);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: sold.body.id, state: 'sold' });
    }
  });

  it('answers 404 for an unknown or missing id and 400 for an id no listing could have', async () => {
    expect(await getItem('no-such-item')).toMatchObject({
      status: 404,
      body: { error: { message: MESSAGES.itemNotFound } },
    });
    expect((await request(t.app).get('/api/marketplace-get-item')).status).toBe(404);
    expect(await getItem('../items')).toMatchObject({
      status: 400,
      body: { error: { message: MESSAGES.invalidItemId } },
    });
  });
});
