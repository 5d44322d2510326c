/**
 * The bad-input catalogue (issue 12): what an attacker sent to every route, each answered with a
 * 4xx and its exact message, and after each one nothing stored or charged: the caller's account
 * and credits, their image edits, the listings and the files under the blob folder are as before.
 * /blobs and /dev are asked of a real local host, whose refusals are plain text without traces.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MAX_INPUT_BYTES, MESSAGES } from '@flipstage/core';
import { createTestApp, signUpWithAccount, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { createFakeStager } from '../helpers/fakeStager.js';
import { jpegBytes } from '../helpers/images.js';
import type { LocalHost } from '../../src/localHost/server.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';
import { blobSigningKey, createFileBlobs } from '../../src/adapters/local/fileBlobs.js';

let t: TestApp;
let attacker: TestUser;
let owner: TestUser;
let ownItemId: string;
let othersItemId: string;
const images: Record<'jpeg' | 'truncated' | 'svg' | 'text' | 'huge', Buffer> = {} as never;

const ITEM = { title: 'Pine chest', description: 'Two drawers.', price: '80', tags: 'pine', state: 'active' };
const NUL = '\u0000';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const A_UUID = '0b6c1f9e-3c55-4a43-9f0e-7a1f3b1f2d10';

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

const createItem = (fields: Record<string, string>, files: Buffer[] = []) =>
  itemRequest('post', attacker, { ...ITEM, ...fields }, files);
const updateItem = (fields: Record<string, string>, files: Buffer[] = [], query = `?id=${ownItemId}`) =>
  itemRequest('put', attacker, { ...ITEM, ...fields }, files, query);

function stage(fields: Record<string, string>, options: { image?: Buffer | null; key?: string } = {}) {
  const req = request(t.app).post('/api/stage').set('authorization', `Bearer ${attacker.idToken}`);
  if (options.key !== undefined) req.set('Idempotency-Key', options.key);
  for (const [name, value] of Object.entries({ style: 'modern', furnitureType: 'sofa', mode: 'auto', ...fields }))
    req.field(name, value);
  if (options.image !== null)
    req.attach('imageFile', options.image ?? images.jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
  return req;
}

const authed = (req: request.Test, user: TestUser = attacker) => req.set('authorization', `Bearer ${user.idToken}`);
const getItems = (query: string) => request(t.app).get(`/api/marketplace-get-items${query}`);
const imageEdits = (query: string) => authed(request(t.app).get(`/api/image-edits${query}`));
const patchAccount = (body: unknown) =>
  authed(request(t.app).patch('/api/account'))
    .set('content-type', 'application/json')
    .send(typeof body === 'string' ? body : JSON.stringify(body));
const postJson = (path: string, body: string, user: TestUser | null = attacker) => {
  const req = request(t.app).post(path).set('content-type', 'application/json');
  return (user ? authed(req, user) : req).send(body);
};
const checkout = (body: string) => postJson('/api/stripe-create-checkout-session', body);
const portal = (body: string) => postJson('/api/stripe-create-billing-session', body);

interface ApiCase {
  name: string;
  send: () => request.Test;
  status: number;
  message: string;
  /** The billing portal answers `{ status: 'error', message }` (spec §7); every other route `{ error: { message } }`. */
  shape?: 'portal';
}

const manyFields = () => {
  const req = stage({});
  for (let i = 0; i < 25; i++) req.field(`extra${i}`, 'x');
  return req;
};

const API_CASES: ApiCase[] = [
  // auth, on every protected route
  {
    name: 'account without a token',
    send: () => request(t.app).post('/api/account'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'account with a garbage token',
    send: () => request(t.app).post('/api/account').set('authorization', 'Bearer x.y.z'),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'account with a Basic header',
    send: () => request(t.app).get('/api/account').set('authorization', 'Basic YTpi'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'account with a 12 kB token',
    send: () =>
      request(t.app)
        .get('/api/account')
        .set('authorization', `Bearer ${'a'.repeat(12_000)}`),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'account with a token of another project',
    send: () =>
      request(t.app)
        .get('/api/account')
        .set('authorization', `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'profile patch without a token',
    send: () => request(t.app).patch('/api/account').send({ name: 'x' }),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'image edits without a token',
    send: () => request(t.app).get('/api/image-edits'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'stage without a token',
    send: () => request(t.app).post('/api/stage').field('style', 'modern'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'create item without a token',
    send: () => request(t.app).post('/api/marketplace-create-item').field('title', 'x'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'update item without a token',
    send: () => request(t.app).put(`/api/marketplace-update-item?id=${A_UUID}`).field('title', 'x'),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'browse with a bad token',
    send: () => getItems('').set('authorization', 'Bearer nope'),
    status: 401,
    message: MESSAGES.invalidToken,
  },
  {
    name: 'checkout without a token',
    send: () => postJson('/api/stripe-create-checkout-session', '{}', null),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  {
    name: 'portal without a token',
    send: () => postJson('/api/stripe-create-billing-session', '{}', null),
    status: 401,
    message: MESSAGES.signInRequired,
  },
  { name: 'an unknown API path', send: () => request(t.app).get('/api/%00'), status: 404, message: MESSAGES.notFound },

  // account: names and avatars are the profile catalogue's (accountProfileValues.test.ts); a lone
  // surrogate cannot even reach Firestore, so only the API meets it
  {
    name: 'name with a lone surrogate',
    send: () => patchAccount('{"name":"Eve\\ud800"}'),
    status: 400,
    message: MESSAGES.nameInvisibleCharacters,
  },
  { name: 'malformed JSON profile', send: () => patchAccount('{"name":'), status: 400, message: MESSAGES.invalidJson },
  { name: 'JSON string as the profile', send: () => patchAccount('"Eve"'), status: 400, message: MESSAGES.invalidJson },
  {
    name: 'JSON array as the profile',
    send: () => patchAccount('[{"name":"Eve"}]'),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'profile over 16 kB',
    send: () => patchAccount({ name: 'x'.repeat(20_000) }),
    status: 413,
    message: MESSAGES.fileTooLarge,
  },
  {
    name: 'image edits cursor of garbage',
    send: () => imageEdits('?cursor=garbage!'),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor dated "1"',
    send: () => imageEdits(`?cursor=${cursorOf(['1', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor in the year 275760',
    send: () => imageEdits(`?cursor=${cursorOf(['+275760-09-13T00:00:00.000Z', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor with a NUL id',
    send: () => imageEdits(`?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', `a${NUL}`])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor sent twice',
    send: () => imageEdits('?cursor=a&cursor=b'),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'image edits cursor of 600 characters',
    send: () => imageEdits(`?cursor=${'A'.repeat(600)}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },

  // stage
  {
    name: 'custom prompt with NUL',
    send: () => stage({ mode: 'custom', prompt: `loft${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('The prompt'),
  },
  {
    name: 'edited auto prompt with NUL',
    send: () => stage({ prompt: `${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('The prompt'),
  },
  {
    name: 'prompt with a bell',
    send: () => stage({ mode: 'custom', prompt: 'loft\u0007' }),
    status: 400,
    message: MESSAGES.controlCharacters('The prompt'),
  },
  {
    name: 'prompt of 2001 characters',
    send: () => stage({ mode: 'custom', prompt: 'p'.repeat(2001) }),
    status: 400,
    message: MESSAGES.promptTooLong,
  },
  { name: 'style with NUL', send: () => stage({ style: `modern${NUL}` }), status: 400, message: MESSAGES.invalidStyle },
  { name: 'style as a path', send: () => stage({ style: '../modern' }), status: 400, message: MESSAGES.invalidStyle },
  {
    name: 'furniture type with NUL',
    send: () => stage({ furnitureType: `sofa${NUL}` }),
    status: 400,
    message: MESSAGES.invalidFurnitureType,
  },
  { name: 'mode with NUL', send: () => stage({ mode: `auto${NUL}` }), status: 400, message: MESSAGES.invalidMode },
  { name: 'unknown size', send: () => stage({ size: 'ultra' }), status: 400, message: MESSAGES.invalidSize },
  { name: 'size with NUL', send: () => stage({ size: `hd${NUL}` }), status: 400, message: MESSAGES.invalidSize },
  { name: 'HD without a plan', send: () => stage({ size: 'hd' }), status: 403, message: MESSAGES.hdNeedsPlan },
  { name: 'variant over 99', send: () => stage({ variant: '100' }), status: 400, message: MESSAGES.invalidVariant },
  { name: 'negative variant', send: () => stage({ variant: '-1' }), status: 400, message: MESSAGES.invalidVariant },
  {
    name: 'variant as a fraction',
    send: () => stage({ variant: '0.5' }),
    status: 400,
    message: MESSAGES.invalidVariant,
  },
  {
    name: 'variant with NUL',
    send: () => stage({ variant: `1${NUL}` }),
    status: 400,
    message: MESSAGES.invalidVariant,
  },
  {
    name: 'Idempotency-Key of 201 characters',
    send: () => stage({}, { key: 'k'.repeat(201) }),
    status: 400,
    message: MESSAGES.idempotencyKeyInvalid,
  },
  {
    name: 'blank Idempotency-Key',
    send: () => stage({}, { key: '   ' }),
    status: 400,
    message: MESSAGES.idempotencyKeyInvalid,
  },
  { name: 'no image', send: () => stage({}, { image: null }), status: 400, message: MESSAGES.imageFileRequired },
  {
    name: 'empty image',
    send: () => stage({}, { image: Buffer.alloc(0) }),
    status: 400,
    message: MESSAGES.imageFileRequired,
  },
  {
    name: 'text declared as a JPEG',
    send: () => stage({}, { image: images.text }),
    status: 400,
    message: MESSAGES.unsupportedImage,
  },
  {
    name: 'SVG with a script',
    send: () => stage({}, { image: images.svg }),
    status: 400,
    message: MESSAGES.unsupportedImage,
  },
  {
    name: 'truncated JPEG (credit refunded)',
    send: () => stage({}, { image: images.truncated }),
    status: 400,
    message: MESSAGES.imageDamaged,
  },
  {
    name: '48-megapixel image',
    send: () => stage({}, { image: images.huge }),
    status: 413,
    message: MESSAGES.imageTooLarge,
  },
  {
    name: 'stage with a photo over the byte limit',
    send: () => stage({}, { image: Buffer.alloc(MAX_INPUT_BYTES + 1) }),
    status: 413,
    message: MESSAGES.photoTooLarge(MAX_INPUT_BYTES / 2 ** 20),
  },
  {
    name: 'stage as JSON',
    send: () => authed(request(t.app).post('/api/stage')).send({ style: 'modern' }),
    status: 400,
    message: MESSAGES.multipartRequired,
  },
  {
    name: 'stage with two images',
    send: () => stage({}).attach('imageFile', images.jpeg, 'b.jpg'),
    status: 413,
    message: MESSAGES.tooManyFiles,
  },
  {
    name: 'stage with a file in another field',
    send: () => stage({}).attach('other', images.jpeg, 'b.jpg'),
    status: 413,
    message: MESSAGES.tooManyFiles,
  },
  { name: 'stage with 28 fields', send: manyFields, status: 413, message: MESSAGES.tooManyFields },
  {
    name: 'stage with a broken multipart body',
    send: () =>
      authed(request(t.app).post('/api/stage'))
        .set('content-type', 'multipart/form-data')
        .send('--x\r\nContent-Disposition: form-data; name="style"\r\n\r\nmodern'),
    status: 400,
    message: MESSAGES.multipartRequired,
  },

  // listings: create
  {
    name: 'title with NUL',
    send: () => createItem({ title: `Chest${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('Title'),
  },
  {
    name: 'title with a line break',
    send: () => createItem({ title: 'Chest\nDROP TABLE' }),
    status: 400,
    message: MESSAGES.controlCharacters('Title'),
  },
  {
    name: 'title of 121 characters',
    send: () => createItem({ title: 't'.repeat(121) }),
    status: 400,
    message: MESSAGES.tooLong('Title', 120),
  },
  {
    name: 'description with NUL',
    send: () => createItem({ description: `Fine${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('Description'),
  },
  {
    name: 'description with DEL',
    send: () => createItem({ description: 'Fine\u007f' }),
    status: 400,
    message: MESSAGES.controlCharacters('Description'),
  },
  {
    name: 'description of 5001 characters',
    send: () => createItem({ description: 'd'.repeat(5001) }),
    status: 400,
    message: MESSAGES.tooLong('Description', 5000),
  },
  {
    name: 'tag with NUL',
    send: () => createItem({ tags: `pine,oak${NUL}` }),
    status: 400,
    message: MESSAGES.controlCharacters('Tags'),
  },
  { name: 'price 0x1F', send: () => createItem({ price: '0x1F' }), status: 400, message: MESSAGES.priceNotNumber },
  { name: 'price 1e3', send: () => createItem({ price: '1e3' }), status: 400, message: MESSAGES.priceNotNumber },
  {
    name: 'price Infinity',
    send: () => createItem({ price: 'Infinity' }),
    status: 400,
    message: MESSAGES.priceNotNumber,
  },
  { name: 'price 1e307', send: () => createItem({ price: '1e307' }), status: 400, message: MESSAGES.priceNotNumber },
  {
    name: 'price with NUL',
    send: () => createItem({ price: `12${NUL}` }),
    status: 400,
    message: MESSAGES.priceNotNumber,
  },
  {
    name: 'price 1000000.01',
    send: () => createItem({ price: '1000000.01' }),
    status: 400,
    message: MESSAGES.priceMaximum,
  },
  {
    name: 'price of 400 digits',
    send: () => createItem({ price: '9'.repeat(400) }),
    status: 400,
    message: MESSAGES.priceMaximum,
  },
  { name: 'price 12.345', send: () => createItem({ price: '12.345' }), status: 400, message: MESSAGES.priceDecimals },
  { name: 'price -0.01', send: () => createItem({ price: '-0.01' }), status: 400, message: MESSAGES.priceMinimum },
  {
    name: 'state with NUL',
    send: () => createItem({ state: `sold${NUL}` }),
    status: 400,
    message: MESSAGES.itemStateInvalid,
  },
  {
    name: 'a truncated JPEG after a good one',
    send: () => createItem({}, [images.jpeg, images.truncated]),
    status: 400,
    message: MESSAGES.imageDamaged,
  },
  {
    name: 'text among the images',
    send: () => createItem({}, [images.jpeg, images.text]),
    status: 400,
    message: MESSAGES.itemImagesOnly,
  },
  {
    name: 'SVG among the images',
    send: () => createItem({}, [images.svg]),
    status: 400,
    message: MESSAGES.itemImagesOnly,
  },
  {
    name: 'a 48-megapixel listing image',
    send: () => createItem({}, [images.jpeg, images.huge]),
    status: 413,
    message: MESSAGES.imageTooLarge,
  },
  {
    name: 'nine listing images',
    send: () =>
      createItem(
        {},
        Array.from({ length: 9 }, () => images.jpeg),
      ),
    status: 413,
    message: MESSAGES.tooManyFiles,
  },
  {
    name: 'listing as JSON',
    send: () => authed(request(t.app).post('/api/marketplace-create-item')).send(ITEM),
    status: 400,
    message: MESSAGES.multipartRequired,
  },

  // listings: update
  {
    name: 'update id with NUL',
    send: () => updateItem({}, [], `?id=${ownItemId}%00`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update id as a path',
    send: () => updateItem({}, [], '?id=../items/x'),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update id of 200 characters',
    send: () => updateItem({}, [], `?id=${'i'.repeat(200)}`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update id sent twice',
    send: () => updateItem({}, [], `?id=${ownItemId}&id=${othersItemId}`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'update of a missing listing',
    send: () => updateItem({}, [], `?id=${A_UUID}`),
    status: 404,
    message: MESSAGES.itemNotFound,
  },
  {
    name: 'update of someone else’s listing',
    send: () => updateItem({ title: 'Mine now' }, [images.jpeg], `?id=${othersItemId}`),
    status: 403,
    message: MESSAGES.notOwner,
  },
  {
    name: 'one listing by an id with NUL',
    send: () => request(t.app).get(`/api/marketplace-get-item?id=${ownItemId}%00`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'one listing by an id as a path',
    send: () => request(t.app).get('/api/marketplace-get-item?id=../items/x'),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'one listing by an id sent twice',
    send: () => request(t.app).get(`/api/marketplace-get-item?id=${ownItemId}&id=${othersItemId}`),
    status: 400,
    message: MESSAGES.invalidItemId,
  },
  {
    name: 'one listing that does not exist',
    send: () => request(t.app).get(`/api/marketplace-get-item?id=${A_UUID}`),
    status: 404,
    message: MESSAGES.itemNotFound,
  },
  {
    name: 'update with a truncated JPEG after a good one',
    send: () => updateItem({}, [images.jpeg, images.truncated]),
    status: 400,
    message: MESSAGES.imageDamaged,
  },
  {
    name: 'update with text among the images',
    send: () => updateItem({}, [images.jpeg, images.text]),
    status: 400,
    message: MESSAGES.itemImagesOnly,
  },
  {
    name: 'update with price 1e307',
    send: () => updateItem({ price: '1e307' }, [images.jpeg]),
    status: 400,
    message: MESSAGES.priceNotNumber,
  },
  {
    name: 'update with title NUL',
    send: () => updateItem({ title: `x${NUL}` }, [images.jpeg]),
    status: 400,
    message: MESSAGES.controlCharacters('Title'),
  },

  // listings: browse
  {
    name: 'search with NUL',
    send: () => getItems('?search=oak%00'),
    status: 400,
    message: MESSAGES.controlCharacters('Search'),
  },
  {
    name: 'search of 201 characters',
    send: () => getItems(`?search=${'s'.repeat(201)}`),
    status: 400,
    message: MESSAGES.tooLong('Search', 200),
  },
  {
    name: 'search sent twice',
    send: () => getItems('?search=a&search=b'),
    status: 400,
    message: MESSAGES.queryNotText('search'),
  },
  {
    name: 'tag with NUL',
    send: () => getItems('?tag=pine%00'),
    status: 400,
    message: MESSAGES.controlCharacters('Tag'),
  },
  {
    name: 'tag of 41 characters',
    send: () => getItems(`?tag=${'t'.repeat(41)}`),
    status: 400,
    message: MESSAGES.tooLong('Tag', 40),
  },
  { name: 'tag sent twice', send: () => getItems('?tag=a&tag=b'), status: 400, message: MESSAGES.queryNotText('tag') },
  { name: 'cursor of garbage', send: () => getItems('?cursor=%%%'), status: 400, message: MESSAGES.invalidCursor },
  {
    name: 'cursor dated "1"',
    send: () => getItems(`?cursor=${cursorOf(['1', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor in the year 275760',
    send: () => getItems(`?cursor=${cursorOf(['+275760-09-13T00:00:00.000Z', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor on 30 February',
    send: () => getItems(`?cursor=${cursorOf(['2026-02-30T00:00:00.000Z', A_UUID])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor with a NUL id',
    send: () => getItems(`?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', `x${NUL}`])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor with a numeric id',
    send: () => getItems(`?cursor=${cursorOf(['2026-01-01T00:00:00.000Z', 7])}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },
  {
    name: 'cursor of an object',
    send: () => getItems(`?cursor=${cursorOf({ createdAt: 'x', id: 'y' })}`),
    status: 400,
    message: MESSAGES.invalidCursor,
  },

  // checkout and portal: generic bad bodies (redirect URLs and trials are billing's own tests)
  {
    name: 'checkout with malformed JSON',
    send: () => checkout('{"priceId":'),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  { name: 'checkout with a JSON string', send: () => checkout('"price"'), status: 400, message: MESSAGES.invalidJson },
  { name: 'checkout without a price', send: () => checkout('{}'), status: 400, message: MESSAGES.unknownPriceId },
  {
    name: 'checkout with a NUL price',
    send: () => checkout(JSON.stringify({ priceId: `${LOCAL_PRICE_IDS.base}${NUL}` })),
    status: 400,
    message: MESSAGES.unknownPriceId,
  },
  {
    name: 'checkout with a numeric price',
    send: () => checkout('{"priceId":8}'),
    status: 400,
    message: MESSAGES.unknownPriceId,
  },
  {
    name: 'checkout over 16 kB',
    send: () => checkout(JSON.stringify({ priceId: 'p'.repeat(20_000) })),
    status: 413,
    message: MESSAGES.fileTooLarge,
  },
  // The JSON parser answers before the portal's own handler, so these two carry the common error shape.
  {
    name: 'portal with malformed JSON',
    send: () => portal('{"returnUrl":'),
    status: 400,
    message: MESSAGES.invalidJson,
  },
  {
    name: 'portal over 16 kB',
    send: () => portal(JSON.stringify({ returnUrl: `/${'r'.repeat(20_000)}` })),
    status: 413,
    message: MESSAGES.fileTooLarge,
  },
  {
    name: 'portal with a numeric return URL',
    send: () => portal('{"returnUrl":5}'),
    status: 400,
    message: MESSAGES.urlRequired,
    shape: 'portal',
  },

  // webhook
  {
    name: 'webhook without a signature',
    send: () => postJson('/api/stripe-webhook', '{}', null),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
  {
    name: 'webhook with a forged signature',
    send: () => postJson('/api/stripe-webhook', '{"id":"evt_1"}', null).set('stripe-signature', 't=1,v1=00'),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
  {
    name: 'webhook with malformed JSON and no signature',
    send: () => postJson('/api/stripe-webhook', '{"id":', null),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
  {
    name: 'webhook with NUL in the signature',
    send: () => postJson('/api/stripe-webhook', '{}', null).set('stripe-signature', 't=1,v1=%00'),
    status: 400,
    message: MESSAGES.webhookSignatureInvalid,
  },
];

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

describe('bad input to the API', () => {
  it.each(API_CASES)('$name → $status', async ({ send, status, message, shape }) => {
    const before = await snapshot();
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.body).toEqual(shape === 'portal' ? { status: 'error', message } : { error: { message } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad addresses on the local host', () => {
  let host: LocalHost;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'flipstage-bad-input-'));
    host = await startTestLocalHost(dataDir, { stager: await createFakeStager() });
    const rootDir = join(dataDir, 'blobs');
    const blobs = createFileBlobs({ rootDir, baseUrl: host.url, signingKey: blobSigningKey(rootDir) });
    await blobs.put('items/abc/photo.jpg', await jpegBytes(20, 20), 'image/jpeg');
  });
  afterAll(async () => {
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const HOST_CASES: Array<{ path: string; method?: string; status: number; message: string }> = [
    { path: '/blobs/items', status: 403, message: MESSAGES.blobLinkRefused },
    { path: '/blobs/items/abc', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/abc/', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/abc/photo.jpg/inside', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/abc/photo.jpg%00', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/%2e%2e%2f%2e%2e%2fwebhook-secret', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/items/%E0%A4%A', status: 400, message: MESSAGES.invalidAddress },
    { path: '/blobs/items/abc/photo.jpg', method: 'DELETE', status: 404, message: MESSAGES.notFound },
    { path: '/blobs/image-edits/u1/e1/staged.jpg', status: 403, message: MESSAGES.blobLinkRefused },
    { path: '/blobs/image-edits/u1/e1/staged.jpg?expires=99999999999&signature=forged', status: 403, message: MESSAGES.blobLinkRefused },
    { path: '/dev/checkout/%00', status: 404, message: MESSAGES.notFound },
    { path: "/dev/checkout/cs_sim_1'%20OR%201=1", status: 404, message: MESSAGES.notFound },
    { path: '/dev/checkout/%E0%A4%A', status: 400, message: MESSAGES.invalidAddress },
    { path: '/dev/checkout/%00/confirm', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/checkout/%00/cancel', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%00', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%00/cancel', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%00/switch', method: 'POST', status: 404, message: MESSAGES.notFound },
    { path: '/dev/portal/%E0%A4%A/switch', method: 'POST', status: 400, message: MESSAGES.invalidAddress },
    { path: '/dev/nothing/here', status: 404, message: MESSAGES.notFound },
  ];

  it.each(HOST_CASES)('$method $path → $status as plain text', async ({ path, method = 'GET', status, message }) => {
    const response = await fetch(`${host.url}${path}`, { method });
    const text = await response.text();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toBe(message);
    expect(text).not.toContain(dataDir);
  });

  it('still serves a stored file', async () => {
    const response = await fetch(`${host.url}/blobs/items/abc/photo.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });
});
