/** GET /api/marketplace-get-items with issue 25's words, filters and sorts, and the 400s for bad ones. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
  seller = await signUpTestUser();
});
afterAll(() => t.close());

const listing = (fields: Record<string, string>) => {
  const req = request(t.app).post('/api/marketplace-create-item').set('authorization', `Bearer ${seller.idToken}`);
  const all = { description: 'Solid wood.', price: '100', tags: '', state: 'active', ...fields };
  for (const [name, value] of Object.entries(all)) req.field(name, value);
  return req.then((response) => {
    expect(response.status).toBe(201);
    return response.body.id as string;
  });
};
const find = (query: Record<string, string>) => request(t.app).get('/api/marketplace-get-items').query(query);
const ids = (response: request.Response) => (response.body.data as { id: string }[]).map((i) => i.id);
const marker = () => `mk${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

describe('GET /api/marketplace-get-items: words, filters and sorts', () => {
  it('finds a plural search in a singular title', async () => {
    const m = marker();
    const id = await listing({ title: `${m} Oak dresser` });
    expect(ids(await find({ search: `${m} dressers` }))).toEqual([id]);
  });

  it('filters by style, type, condition, pickup area and price together', async () => {
    const m = marker();
    const facts = { style: 'scandinavian', furnitureType: 'chair', condition: 'like-new', pickupArea: 'Leeds LS1' };
    const id = await listing({ title: m, ...facts, price: '80' });
    await listing({ title: m, ...facts, price: '300' });
    await listing({ title: m, ...facts, condition: 'fair', price: '80' });
    const response = await find({ search: m, style: 'scandinavian', type: 'chair', condition: 'like-new', area: 'leeds', min: '50', max: '100' });
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([id]);
  });

  it('sorts by price in both directions', async () => {
    const m = marker();
    const dear = await listing({ title: m, price: '500' });
    const cheap = await listing({ title: m, price: '5' });
    expect(ids(await find({ search: m, sort: 'price-asc' }))).toEqual([cheap, dear]);
    expect(ids(await find({ search: m, sort: 'price-desc' }))).toEqual([dear, cheap]);
  });

  it('takes empty filters as no filter', async () => {
    const m = marker();
    const id = await listing({ title: m });
    expect(ids(await find({ search: m, style: '', type: '', condition: '', area: '', min: '', max: '', sort: '' }))).toEqual([id]);
  });
});

describe('GET /api/marketplace-get-items: bad parameters', () => {
  it.each([
    [{ sort: 'cheapest' }, MESSAGES.sortInvalid],
    [{ style: 'gothic' }, MESSAGES.listingStyleInvalid],
    [{ type: 'spaceship' }, MESSAGES.listingTypeInvalid],
    [{ condition: 'broken' }, MESSAGES.conditionInvalid],
    [{ min: '-1' }, MESSAGES.priceFilterInvalid('Minimum')],
    [{ max: 'ten' }, MESSAGES.priceFilterInvalid('Maximum')],
    [{ min: '200', max: '100' }, MESSAGES.priceRangeReversed],
    [{ cursor: 'WyJub3QiXQ' }, MESSAGES.invalidCursor],
  ])('answers 400 for %o', async (query, message) => {
    const response = await find(query);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message } });
  });

  it('answers 400 for a filter sent twice', async () => {
    const response = await request(t.app).get('/api/marketplace-get-items?style=modern&style=coastal');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.queryNotText('style') } });
  });
});
