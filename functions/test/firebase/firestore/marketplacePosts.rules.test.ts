/**
 * firestore.rules for where a listing is posted (issue 41): items/{itemId}/marketplace_posts/{site}
 * is read by the listing's seller alone, singly or as a list constrained to their uid; nobody else
 * reads it, and nobody writes it, the seller included: posts are recorded through the API, which
 * checks the plan and the address.
 */
import {
  assertFails,
  assertSucceeds,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import type { MarketplacePostDoc } from '../../../src/ports/store.js';
import { firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const SELLER = 'dana';
const POSTS = 'items/item-1/marketplace_posts';
const post: MarketplacePostDoc = {
  itemId: 'item-1',
  site: 'craigslist',
  owner: SELLER,
  state: 'posted',
  url: 'https://sfbay.craigslist.org/sfc/fuo/d/oak-dresser/7712345678.html',
  updated_at: '2026-11-28T12:00:00.000Z',
};

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-marketplace-posts');
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    await db.collection(POSTS).doc(post.site).set(post);
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('the listing’s seller', () => {
  const seller = () => env.authenticatedContext(SELLER).firestore();

  it('gets a post', async () => {
    await assertSucceeds(seller().collection(POSTS).doc(post.site).get());
  });

  it('lists the posts constrained to their own uid', async () => {
    await assertSucceeds(seller().collection(POSTS).where('owner', '==', SELLER).get());
  });

  it('cannot create, update or delete a post', async () => {
    await assertFails(
      seller()
        .collection(POSTS)
        .doc('etsy')
        .set({ ...post, site: 'etsy' }),
    );
    await assertFails(seller().collection(POSTS).doc(post.site).update({ state: 'sold' }));
    await assertFails(seller().collection(POSTS).doc(post.site).delete());
  });
});

describe.each([
  ['signed out', () => env.unauthenticatedContext()],
  ['another user', () => env.authenticatedContext('eli')],
] as const)('%s', (_who, context: () => RulesTestContext) => {
  it('cannot get a post', async () => {
    await assertFails(context().firestore().collection(POSTS).doc(post.site).get());
  });

  it('cannot list the posts, even by the seller’s uid', async () => {
    await assertFails(context().firestore().collection(POSTS).where('owner', '==', SELLER).get());
  });

  it('cannot write a post', async () => {
    await assertFails(
      context()
        .firestore()
        .collection(POSTS)
        .doc('etsy')
        .set({ ...post, site: 'etsy' }),
    );
  });
});
