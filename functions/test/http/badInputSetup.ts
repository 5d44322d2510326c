/**
 * The bad-input catalogue's shared set-up (issue 12): one test app with an attacker and an owner,
 * each with a listing, the photos they send, the requests they make, and the snapshot of everything
 * a refused request must leave as it was. Each badInput.*.test.ts file gets its own app.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';

export let t: TestApp;
let attacker: TestUser;
let owner: TestUser;
export let ownItemId: string;
export let othersItemId: string;
export const images: Record<'jpeg' | 'truncated' | 'svg' | 'text' | 'huge', Buffer> = {} as never;

export const ITEM = { title: 'Pine chest', description: 'Two drawers.', price: '80', tags: 'pine', state: 'active' };
export const NUL = '\u0000';
export const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const A_UUID = '0b6c1f9e-3c55-4a43-9f0e-7a1f3b1f2d10';

/** Registers the app's start and close around the calling test file. */
export function useBadInputApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
    [attacker, owner] = await Promise.all([signUpWithAccount(t.app), signUpWithAccount(t.app)]);
    const jpeg = await jpegBytes(400, 300);
    images.jpeg = jpeg;
    // Header and the first scan lines intact, the rest of the photo missing.
    images.truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    images.svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    images.text = Buffer.from('MZ this is not a picture');
    images.huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#777' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    ownItemId = (await itemRequest('post', attacker, ITEM)).body.id;
    othersItemId = (await itemRequest('post', owner, ITEM)).body.id;
  }, 120_000);
  afterAll(() => t.close());
}

function itemRequest(
  method: 'post' | 'put',
  user: TestUser,
  fields: Record<string, string>,
  files: Buffer[] = [],
  query = '',
) {
  const path = method === 'post' ? '/api/marketplace-create-item' : `/api/marketplace-update-item${query}`;
  const req = request(t.app)[method](path).set('authorization', `Bearer ${user.idToken}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  files.forEach((file, i) => req.attach('images', file, { filename: `p${i}.jpg`, contentType: 'image/jpeg' }));
  return req;
}

export const createItem = (fields: Record<string, string>, files: Buffer[] = []) =>
  itemRequest('post', attacker, { ...ITEM, ...fields }, files);
export const updateItem = (fields: Record<string, string>, files: Buffer[] = [], query = `?id=${ownItemId}`) =>
  itemRequest('put', attacker, { ...ITEM, ...fields }, files, query);

export function stage(fields: Record<string, string>, options: { image?: Buffer | null; key?: string } = {}) {
  const req = request(t.app).post('/api/stage').set('authorization', `Bearer ${attacker.idToken}`);
  if (options.key !== undefined) req.set('Idempotency-Key', options.key);
  for (const [name, value] of Object.entries({ style: 'modern', furnitureType: 'sofa', mode: 'auto', ...fields }))
    req.field(name, value);
  if (options.image !== null)
    req.attach('imageFile', options.image ?? images.jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
  return req;
}

export const authed = (req: request.Test, user: TestUser = attacker) =>
  req.set('authorization', `Bearer ${user.idToken}`);
export const getItems = (query: string) => request(t.app).get(`/api/marketplace-get-items${query}`);
export const imageEdits = (query: string) => authed(request(t.app).get(`/api/image-edits${query}`));
export const patchAccount = (body: unknown) =>
  authed(request(t.app).patch('/api/account'))
    .set('content-type', 'application/json')
    .send(typeof body === 'string' ? body : JSON.stringify(body));
export const postJson = (path: string, body: string, user: TestUser | null = attacker) => {
  const req = request(t.app).post(path).set('content-type', 'application/json');
  return (user ? authed(req, user) : req).send(body);
};
export const checkout = (body: string) => postJson('/api/stripe-create-checkout-session', body);
export const portal = (body: string) => postJson('/api/stripe-create-billing-session', body);

export interface ApiCase {
  name: string;
  send: () => request.Test;
  status: number;
  message: string;
  /** The billing portal answers `{ status: 'error', message }` (spec §7); every other route `{ error: { message } }`. */
  shape?: 'portal';
}

export const manyFields = () => {
  const req = stage({});
  for (let i = 0; i < 25; i++) req.field(`extra${i}`, 'x');
  return req;
};

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const account = await t.store.getAccount(attacker.uid);
  const edits = await t.store.listImageEdits(attacker.uid, null, 100);
  const items = await Promise.all([ownItemId, othersItemId].map((id) => t.store.getItem(id)));
  const listings = await t.store.searchItems({
    terms: { all: [], last: null },
    minPrice: null,
    maxPrice: null,
    sort: 'newest',
    viewer: attacker.uid,
    after: null,
    limit: 500,
  });
  return {
    customer: account?.customer,
    profile: account?.profile,
    edits: edits.data.map((e) => e.id),
    items,
    listings: listings.data.map((i) => i.id),
    files: listFiles(t.blobDir),
  };
}

/** Sends one case and checks its refusal, and that nothing it could touch has changed. */
export async function refusedLeavingAllAsItWas({ send, status, message, shape }: ApiCase): Promise<void> {
  const before = await snapshot();
  const response = await send();
  expect(response.status).toBe(status);
  expect(response.body).toEqual(shape === 'portal' ? { status: 'error', message } : { error: { message } });
  expect(await snapshot()).toEqual(before);
}
