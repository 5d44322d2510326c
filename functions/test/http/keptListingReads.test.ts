/**
 * Issue 26: the door in front of the local host's app (http/keptListingReads.ts) answers a
 * signed-out marketplace read the routes already sent, from the same bytes and ETag, without
 * Express; a write, a token or an address it has not seen goes to Express.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unchanged } from '../../src/http/keptListingReads.js';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';

let t: TestApp;
let seller: TestUser;
/** Requests the door left to Express. */
let toExpress = 0;
/** The local host's server: the door first, Express for the rest. */
const server = (req: IncomingMessage, res: ServerResponse) => {
  if (t.keptListingReads!.answer(req, res)) return;
  toExpress += 1;
  t.app(req, res);
};

beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS, keptListingReads: true });
  seller = await signUpTestUser();
});
afterAll(() => t.close());
beforeEach(() => {
  toExpress = 0;
});

const marker = () => `kr${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

function post(title: string) {
  const req = request(server).post('/api/marketplace-create-item').set('authorization', `Bearer ${seller.idToken}`);
  for (const [name, value] of Object.entries({ title, description: 'Solid wood.', price: '100', tags: '', state: 'active' }))
    req.field(name, value);
  return req.then((response) => {
    expect(response.status).toBe(201);
    return response.body.id as string;
  });
}
const search = (words: string) => request(server).get('/api/marketplace-get-items').query({ search: words });
const titles = (response: request.Response) => (response.body.data as { title: string }[]).map((i) => i.title);

describe('kept listing reads answered before Express', () => {
  it('answers a read the routes sent, with the same body and headers, without Express', async () => {
    const m = marker();
    await post(`${m} oak desk`);
    const first = await search(m);
    toExpress = 0;
    const again = await search(m);
    expect(toExpress).toBe(0);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-request-id']).toBeTruthy();
  });

  it('answers 304 without a body to the ETag it holds', async () => {
    const id = await post(`${marker()} pine bench`);
    const first = await request(server).get('/api/marketplace-get-item').query({ id });
    toExpress = 0;
    const again = await request(server).get('/api/marketplace-get-item').query({ id }).set('if-none-match', first.headers.etag!);
    expect(toExpress).toBe(0);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('sends the read after a write to Express, which shows the write', async () => {
    const m = marker();
    await post(`${m} teak sideboard`);
    await search(m);
    await post(`${m} teak shelf`);
    toExpress = 0;
    const after = await search(m);
    expect(toExpress).toBe(1);
    expect(titles(after).sort()).toEqual([`${m} teak shelf`, `${m} teak sideboard`]);
  });

  it("keeps answering a listing's page while another listing is written", async () => {
    const id = await post(`${marker()} elm stool`);
    await request(server).get('/api/marketplace-get-item').query({ id });
    await post(`${marker()} yew chair`);
    toExpress = 0;
    const again = await request(server).get('/api/marketplace-get-item').query({ id });
    expect(toExpress).toBe(0);
    expect(again.status).toBe(200);
  });

  it('leaves a signed-in read to Express, where its token is verified', async () => {
    const m = marker();
    await post(`${m} ash table`);
    await search(m);
    toExpress = 0;
    const own = await search(m).set('authorization', `Bearer ${seller.idToken}`);
    expect(toExpress).toBe(1);
    expect(own.status).toBe(200);
  });

  it("never keeps a signed-in read for visitors: a seller's sold listing stays off a visitor's page", async () => {
    const m = marker();
    const id = await post(`${m} cherry dresser`);
    const sold = request(server).put(`/api/marketplace-update-item?id=${id}`).set('authorization', `Bearer ${seller.idToken}`);
    for (const [name, value] of Object.entries({ title: `${m} cherry dresser`, description: 'Solid wood.', price: '100', tags: '', state: 'sold' }))
      sold.field(name, value);
    expect((await sold).status).toBe(200);
    expect(titles(await search(m).set('authorization', `Bearer ${seller.idToken}`))).toEqual([`${m} cherry dresser`]);
    toExpress = 0;
    const visitor = await search(m);
    expect(toExpress).toBe(1);
    expect(titles(visitor)).toEqual([]);
  });
});

describe("unchanged: Express's freshness for an ETag", () => {
  const asked = (headers: Record<string, string>) => ({ headers }) as IncomingMessage;

  it('matches a weak ETag, alone, in a list or as *', () => {
    expect(unchanged(asked({ 'if-none-match': 'W/"abc"' }), 'W/"abc"')).toBe(true);
    expect(unchanged(asked({ 'if-none-match': 'W/"x", W/"abc"' }), 'W/"abc"')).toBe(true);
    expect(unchanged(asked({ 'if-none-match': '"abc"' }), 'W/"abc"')).toBe(true);
    expect(unchanged(asked({ 'if-none-match': '*' }), 'W/"abc"')).toBe(true);
  });

  it('refuses another ETag, none, or a request that says no-cache', () => {
    expect(unchanged(asked({ 'if-none-match': 'W/"abd"' }), 'W/"abc"')).toBe(false);
    expect(unchanged(asked({}), 'W/"abc"')).toBe(false);
    expect(unchanged(asked({ 'if-none-match': 'W/"abc"', 'cache-control': 'no-cache' }), 'W/"abc"')).toBe(false);
  });
});
