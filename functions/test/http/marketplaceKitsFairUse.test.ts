/** The kits' photo archives resize every photo again, so they are counted with the listing writes (issue 41). */
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PATHS, LOCAL_PRICE_IDS, MARKETPLACE_PATHS, MESSAGES } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser } from '../helpers/emulatorUsers.js';
import { subscribeTo } from '../helpers/plans.js';
import { makeItemDoc } from '../contracts/storeContract.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ fairUseRules: { ...WITHOUT_RATE_LIMITS, listingWrites: { burst: 1, perMinute: 1 } } });
});
afterAll(() => t.close());

it('refuses a seller’s archive past the listing writes’ limit, saying to wait', async () => {
  const seller = await signUpTestUser();
  await request(t.app).post(API_PATHS.account).set('authorization', `Bearer ${seller.idToken}`);
  await subscribeTo(t.store, seller.uid, LOCAL_PRICE_IDS.premium);
  const item = await t.store.createItem(makeItemDoc({ owner: seller.uid }));
  const archive = () =>
    request(t.app)
      .get(MARKETPLACE_PATHS.kitPhotos)
      .query({ id: item.id, site: 'craigslist' })
      .set('authorization', `Bearer ${seller.idToken}`);
  // The listing has no photos: the first archive is refused in words, but it was counted.
  expect((await archive()).status).toBe(409);
  const second = await archive();
  expect(second.status).toBe(429);
  expect(second.body).toEqual({ error: { message: MESSAGES.tooManyRequests } });
});
