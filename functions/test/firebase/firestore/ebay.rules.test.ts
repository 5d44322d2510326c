/**
 * A seller's eBay connection (their sealed refresh token) and their listings' eBay offers are for
 * the backend alone (issue 41): no rule matches ebay_accounts or ebay_offers, so nobody, not even
 * the seller themself, reads or writes them from a client.
 */
import { assertFails, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const PATHS = {
  'ebay_accounts/{uid}': {
    collection: 'ebay_accounts',
    doc: OWNER,
    data: { uid: OWNER, ebayUserId: 'e1', refreshTokenSealed: 'v1.sealed', choices: null },
  },
  'ebay_offers/{itemId}': {
    collection: 'ebay_offers',
    doc: 'item1',
    data: { itemId: 'item1', owner: OWNER, sku: 'flipstage-item1', offerId: 'o1', state: 'live' },
  },
};

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-ebay');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    for (const { collection, doc, data } of Object.values(PATHS)) await db.collection(collection).doc(doc).set(data);
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe.each(Object.entries(PATHS))('%s', (_path, { collection, doc, data }) => {
  describe.each([
    ['signed out', () => as.signedOut()],
    ['the seller', () => as.owner()],
    ['another user', () => as.other()],
  ] as const)('%s', (_who, context: () => RulesTestContext) => {
    it('cannot get a document', async () => {
      await assertFails(context().firestore().collection(collection).doc(doc).get());
    });

    it('cannot list documents', async () => {
      await assertFails(context().firestore().collection(collection).get());
    });

    it('cannot create a document', async () => {
      await assertFails(context().firestore().collection(collection).doc('new').set(data));
    });

    it('cannot update a document', async () => {
      await assertFails(context().firestore().collection(collection).doc(doc).update({ touched: true }));
    });

    it('cannot delete a document', async () => {
      await assertFails(context().firestore().collection(collection).doc(doc).delete());
    });
  });
});
