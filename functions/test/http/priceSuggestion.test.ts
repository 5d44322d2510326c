/**
 * GET /api/listings/price-suggestion: a range from FlipStage's own sales of the type, narrowed to
 * the style and the condition when those have enough sales, and never a number from fewer than 5.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type PriceSuggestion } from '@flipstage/core';
import type { ItemDoc } from '../../src/ports/store.js';
import { makeItemDoc } from '../contracts/storeContract.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signUpTestUser();
});
afterAll(() => t.close());

const sold = (price: number, facts: Partial<ItemDoc>) =>
  t.store.createItem(makeItemDoc({ owner: 'someone', state: 'sold', price, ...facts }));

const ask = (query: Record<string, string>) =>
  request(t.app).get('/api/listings/price-suggestion').query(query).set('authorization', `Bearer ${seller.idToken}`);

describe('a price suggestion', () => {
  it('says plainly how many sales there are when there are fewer than five', async () => {
    for (const price of [100, 200, 300, 400]) await sold(price, { furnitureType: 'desk' });
    const response = await ask({ furnitureType: 'desk' });
    expect(response.body).toEqual({ kind: 'not-enough', sales: 4 } satisfies PriceSuggestion);
  });

  it('gives the median and the middle half of the type’s sales from five on', async () => {
    for (const price of [50, 100, 150, 200, 250]) await sold(price, { furnitureType: 'bookcase' });
    expect((await ask({ furnitureType: 'bookcase' })).body).toEqual({
      kind: 'range',
      basis: 'type',
      sales: 5,
      median: 150,
      low: 100,
      high: 200,
    } satisfies PriceSuggestion);
  });

  it('narrows to the style and condition when they have five sales, and falls back to the type when not', async () => {
    for (const price of [500, 520, 540, 560, 580])
      await sold(price, { furnitureType: 'sofa', style: 'modern', condition: 'good' });
    for (const price of [100, 110]) await sold(price, { furnitureType: 'sofa', style: 'farmhouse', condition: 'good' });
    expect((await ask({ furnitureType: 'sofa', style: 'modern', condition: 'good' })).body).toMatchObject({
      basis: 'type-style-condition',
      median: 540,
    });
    expect((await ask({ furnitureType: 'sofa', style: 'farmhouse', condition: 'good' })).body).toMatchObject({
      basis: 'type',
      sales: 7,
    });
  });

  it('refuses a type the catalogue does not have with the form’s message', async () => {
    const response = await ask({ furnitureType: 'spaceship' });
    expect([response.status, response.body.error.message]).toEqual([400, MESSAGES.listingTypeInvalid]);
  });

  it('asks a signed-out caller to sign in', async () => {
    expect((await request(t.app).get('/api/listings/price-suggestion').query({ furnitureType: 'sofa' })).status).toBe(
      401,
    );
  });
});
