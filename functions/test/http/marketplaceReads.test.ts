/**
 * Issue 26: the marketplace's reads carry an ETag, answer 304 while nothing changed, and show
 * every write on the next read although they are kept between writes (services/listingReads.ts).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  seller = await signUpTestUser();
});
afterAll(() => t.close());

const marker = () => `rd${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

function save(method: 'post' | 'put', fields: Record<string, string>, id?: string) {
  const path = method === 'post' ? '/api/marketplace-create-item' : `/api/marketplace-update-item?id=${id}`;
  const req = request(t.app)[method](path).set('authorization', `Bearer ${seller.idToken}`);
  const all = { description: 'Solid wood.', price: '100', tags: '', state: 'active', ...fields };
  for (const [name, value] of Object.entries(all)) req.field(name, value);
  return req.then((response) => {
    expect(response.status).toBeLessThan(300);
    return response.body.id as string;
  });
}
const search = (words: string, etag?: string) => {
  const req = request(t.app).get('/api/marketplace-get-items').query({ search: words });
  return etag ? req.set('if-none-match', etag) : req;
};
const titles = (response: request.Response) => (response.body.data as { title: string }[]).map((i) => i.title);

describe('marketplace reads: ETags', () => {
  it('sends a page of listings with an ETag that browsers must revalidate', async () => {
    const response = await request(t.app).get('/api/marketplace-get-items');
    expect(response.status).toBe(200);
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 without a body while the page is unchanged', async () => {
    const m = marker();
    await save('post', { title: `${m} pine bench` });
    const first = await search(m);
    const again = await search(m, first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('answers a listing with an ETag, and 304 while it is unchanged', async () => {
    const id = await save('post', { title: `${marker()} oak desk` });
    const first = await request(t.app).get('/api/marketplace-get-item').query({ id });
    expect(first.headers.etag).toMatch(/^W\//);
    const again = await request(t.app).get('/api/marketplace-get-item').query({ id }).set('if-none-match', first.headers.etag!);
    expect(again.status).toBe(304);
  });
});

describe('marketplace reads: every write shows on the next read', () => {
  it('shows a new listing on the page read just before it was posted', async () => {
    const m = marker();
    const before = await search(m);
    expect(titles(before)).toEqual([]);
    await save('post', { title: `${m} teak sideboard` });
    const after = await search(m, before.headers.etag);
    expect(after.status).toBe(200);
    expect(titles(after)).toEqual([`${m} teak sideboard`]);
  });

  it('shows an edit on the page and on the listing', async () => {
    const m = marker();
    const id = await save('post', { title: `${m} maple chair` });
    const page = await search(m);
    const detail = await request(t.app).get('/api/marketplace-get-item').query({ id });
    await save('put', { title: `${m} maple armchair` }, id);
    expect(titles(await search(m, page.headers.etag))).toEqual([`${m} maple armchair`]);
    const edited = await request(t.app).get('/api/marketplace-get-item').query({ id }).set('if-none-match', detail.headers.etag!);
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe(`${m} maple armchair`);
  });

  it('takes a sold listing off the page', async () => {
    const m = marker();
    const id = await save('post', { title: `${m} ash table` });
    const page = await search(m);
    await save('put', { title: `${m} ash table`, state: 'sold' }, id);
    expect(titles(await search(m, page.headers.etag))).toEqual([]);
  });

  it('takes a deleted listing off the page and its own address', async () => {
    const m = marker();
    const id = await save('post', { title: `${m} birch shelf` });
    await search(m);
    await request(t.app).get('/api/marketplace-get-item').query({ id });
    const deleted = await request(t.app).delete('/api/marketplace-delete-item').query({ id }).set('authorization', `Bearer ${seller.idToken}`);
    expect(deleted.status).toBe(204);
    expect(titles(await search(m))).toEqual([]);
    expect((await request(t.app).get('/api/marketplace-get-item').query({ id })).status).toBe(404);
  });
});

describe('marketplace reads: each viewer their own', () => {
  it("keeps a seller's own sold listing out of a visitor's page for the same search", async () => {
    const m = marker();
    await save('post', { title: `${m} cherry dresser`, state: 'sold' });
    const own = await search(m).set('authorization', `Bearer ${seller.idToken}`);
    const visitor = await search(m);
    expect(titles(own)).toEqual([`${m} cherry dresser`]);
    expect(titles(visitor)).toEqual([]);
    expect(visitor.headers.etag).not.toBe(own.headers.etag);
  });
});
