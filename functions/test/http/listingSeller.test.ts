/**
 * Sellers in control (issue 25): what a listing tells buyers, a create that one Idempotency-Key
 * makes once, deleting a listing with its photos, and a seller's listings for buyers and for
 * the seller.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_HEADER, MESSAGES } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes, pngBytes } from '../helpers/images.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  [seller, buyer] = await Promise.all([signUpTestUser('Grace Hopper'), signUpTestUser()]);
  await request(t.app).post(API_PATHS.account).set('authorization', `Bearer ${seller.idToken}`);
});
afterAll(() => t.close());

const validFields = { title: 'Teak sideboard', description: 'Three doors, one shelf.', price: '310', tags: 'teak' };
const facts = {
  condition: 'like-new',
  width: '160',
  depth: '45.25',
  height: '78',
  unit: 'cm',
  pickupArea: 'Utrecht',
  delivery: 'true',
  style: 'scandinavian',
  furnitureType: 'dresser',
};

function create(user: TestUser, fields: Record<string, string>, images: Buffer[] = [], key?: string) {
  const req = request(t.app).post(API_PATHS.marketplaceCreateItem).set('authorization', `Bearer ${user.idToken}`);
  if (key !== undefined) req.set(IDEMPOTENCY_HEADER, key);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  images.forEach((image, i) => req.attach('images', image, { filename: `photo-${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

const deleteItem = (user: TestUser, id: string) =>
  request(t.app).delete(API_PATHS.marketplaceDeleteItem).query({ id }).set('authorization', `Bearer ${user.idToken}`);

const sellerItems = (uid: string, user?: TestUser) => {
  const req = request(t.app).get(API_PATHS.marketplaceSellerItems).query({ seller: uid });
  return user ? req.set('authorization', `Bearer ${user.idToken}`) : req;
};

/** The files stored under a listing's folder. */
const filesOf = (id: string) => {
  const folder = join(t.blobDir, 'files', 'items', id);
  return existsSync(folder) ? readdirSync(folder) : [];
};

const blobPath = (url: string) => new URL(url).pathname.replace(/^\/blobs\//, '');

describe('listing facts', () => {
  it('stores the facts and returns them on the listing with the seller and member-since date', async () => {
    const created = await create(seller, { ...validFields, ...facts });
    expect(created.status).toBe(201);
    const expected = {
      condition: 'like-new',
      dimensions: { width: 160, depth: 45.3, height: 78, unit: 'cm' },
      pickupArea: 'Utrecht',
      delivery: true,
      style: 'scandinavian',
      furnitureType: 'dresser',
    };
    expect(created.body).toMatchObject(expected);
    const detail = await request(t.app).get(API_PATHS.marketplaceGetItem).query({ id: created.body.id });
    const account = await t.store.getAccount(seller.uid);
    expect(detail.body).toMatchObject({ ...expected, sellerName: 'Grace Hopper', sellerSince: account?.createdAt });
    expect(detail.body.sellerSince).toEqual(expect.any(String));
  });

  it.each([
    [{ pickupArea: '221B Baker Street' }, MESSAGES.pickupAreaNotAddress],
    [{ width: '100', depth: '', height: '' }, MESSAGES.dimensionsIncomplete],
    [{ condition: 'mint' }, MESSAGES.conditionInvalid],
  ])('refuses %j with its message and stores nothing', async (override, message) => {
    const title = `Refused ${Math.random().toString(36).slice(2)}`;
    const response = await create(seller, { ...validFields, ...facts, ...override, title });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
    const mine = await sellerItems(seller.uid, seller);
    expect(mine.body.data.map((item: { title: string }) => item.title)).not.toContain(title);
  });
});

describe('idempotent create', () => {
  it('makes one listing and one set of photos from two concurrent requests with one key', async () => {
    const key = crypto.randomUUID();
    const image = await jpegBytes(320, 240);
    const [a, b] = await Promise.all([
      create(seller, validFields, [image], key),
      create(seller, validFields, [image], key),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body).toEqual(b.body);
    expect(filesOf(a.body.id)).toHaveLength(2);
    const mine = await sellerItems(seller.uid, seller);
    expect(mine.body.data.filter((item: { id: string }) => item.id === a.body.id)).toHaveLength(1);
  });

  it('answers a repeat with the listing the key already made, 200 instead of 201', async () => {
    const key = crypto.randomUUID();
    const first = await create(seller, validFields, [], key);
    const again = await create(seller, { ...validFields, title: 'Changed my mind' }, [], key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('gives two users the same key without their listings meeting', async () => {
    const key = crypto.randomUUID();
    const mine = await create(seller, validFields, [], key);
    const theirs = await create(buyer, validFields, [], key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.owner).toBe(buyer.uid);
  });

  it('refuses a blank key with its message', async () => {
    const response = await create(seller, validFields, [], '   ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.idempotencyKeyInvalid } });
  });
});

describe('DELETE /api/marketplace-delete-item', () => {
  it('deletes the listing and its photo files for the owner', async () => {
    const created = await create(seller, validFields, [await jpegBytes()]);
    expect(filesOf(created.body.id)).toHaveLength(2);
    const response = await deleteItem(seller, created.body.id);
    expect(response.status).toBe(204);
    expect(await t.store.getItem(created.body.id)).toBeNull();
    expect(filesOf(created.body.id)).toEqual([]);
    expect((await request(t.app).get(API_PATHS.marketplaceGetItem).query({ id: created.body.id })).status).toBe(404);
  });

  it('answers 403 for another user and keeps the listing and its photos', async () => {
    const created = await create(seller, validFields, [await jpegBytes()]);
    const response = await deleteItem(buyer, created.body.id);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: { message: MESSAGES.notOwner } });
    expect(await t.store.getItem(created.body.id)).not.toBeNull();
    expect(filesOf(created.body.id)).toHaveLength(2);
  });

  it('answers 404 for a listing that is not there and 401 when signed out', async () => {
    expect((await deleteItem(seller, 'no-such-item')).status).toBe(404);
    expect((await request(t.app).delete(API_PATHS.marketplaceDeleteItem).query({ id: 'x' })).status).toBe(401);
  });
});

describe('replaced photos', () => {
  it('deletes the files of the photos an update replaced', async () => {
    const created = await create(seller, validFields, [await jpegBytes()]);
    const [oldImage, oldThumb] = [created.body.images[0], created.body.thumbs[0]];
    const updated = await request(t.app)
      .put(API_PATHS.marketplaceUpdateItem)
      .query({ id: created.body.id })
      .set('authorization', `Bearer ${seller.idToken}`)
      .field('title', validFields.title)
      .field('description', validFields.description)
      .field('price', validFields.price)
      .attach('images', await pngBytes(), { filename: 'new.png', contentType: 'image/png' });
    expect(updated.status).toBe(200);
    expect(await t.blobs.get(blobPath(oldImage))).toBeNull();
    expect(await t.blobs.get(blobPath(oldThumb))).toBeNull();
    expect(await t.blobs.get(blobPath(updated.body.images[0]))).not.toBeNull();
  });
});

describe('GET /api/marketplace-seller-items', () => {
  it("shows buyers the seller's active listings and the seller every one of theirs", async () => {
    const owner = await signUpTestUser();
    const active = await create(owner, validFields);
    const sold = await create(owner, { ...validFields, state: 'sold' });
    await create(buyer, validFields);
    const ids = (response: request.Response) => response.body.data.map((item: { id: string }) => item.id);
    expect(ids(await sellerItems(owner.uid))).toEqual([active.body.id]);
    expect(ids(await sellerItems(owner.uid, buyer))).toEqual([active.body.id]);
    expect(ids(await sellerItems(owner.uid, owner))).toEqual([sold.body.id, active.body.id]);
  });

  it('answers 400 for a seller id no account could have', async () => {
    const response = await request(t.app).get(API_PATHS.marketplaceSellerItems).query({ seller: 'a/b' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.invalidSellerId } });
  });
});
