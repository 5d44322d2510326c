/**
 * The eBay suites' world: the test app with eBay set up against the stand-in, sellers on a plan
 * (or not), and their listings with real photos.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_PRICE_IDS, type Item } from '@flipstage/core';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from './testApp.js';
import { signUpTestUser, type TestUser } from './emulatorUsers.js';
import { startEbayStandIn, type EbayStandIn } from './ebayStandIn.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

/** A sample photo as sellers upload it, 1200×900. */
export const DRESSER = readFileSync(new URL('../../../samples/dresser-blue.jpg', import.meta.url));

export const auth = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

export interface EbaySuite {
  t: TestApp;
  ebay: EbayStandIn;
}

export function useEbaySuite(): EbaySuite {
  const suite = {} as EbaySuite;
  beforeAll(async () => {
    suite.ebay = await startEbayStandIn();
    suite.t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS, ebay: suite.ebay.setup });
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.ebay.close();
  });
  return suite;
}

/** A signed-up seller, on the plan given (Flipper by default) or on none. */
export async function sellerOn(t: TestApp, plan: keyof typeof LOCAL_PRICE_IDS | null = 'flipper'): Promise<TestUser> {
  const user = await signUpTestUser('Seller');
  await request(t.app).post('/api/account').set(auth(user));
  if (!plan) return user;
  const customerId = `cus_${user.uid}`;
  await t.store.setStripeCustomer(user.uid, customerId);
  await t.store.processStripeEvent(
    {
      eventId: `evt_${user.uid}`,
      type: 'customer.subscription.created',
      effect: {
        kind: 'sync-subscription',
        stripeCustomerId: customerId,
        subscriptionId: `sub_${user.uid}`,
        status: 'active',
        priceId: LOCAL_PRICE_IDS[plan],
        stateAt: Date.now(),
        heldBefore: null,
        trialGrant: null,
      },
    },
    CREDIT_RULES,
  );
  return user;
}

export async function listingOf(
  t: TestApp,
  seller: TestUser,
  fields: Record<string, string> = {},
  photos: Buffer[] = [DRESSER],
): Promise<Item> {
  const req = request(t.app).post('/api/marketplace-create-item').set(auth(seller));
  const all = {
    title: 'Painted oak dresser',
    description: 'Six drawers, solid oak.',
    price: '240',
    condition: 'good',
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) req.field(name, value);
  photos.forEach((photo, i) => req.attach('images', photo, { filename: `p${i}.jpg`, contentType: 'image/jpeg' }));
  const response = await req;
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${response.text}`);
  return response.body as Item;
}
