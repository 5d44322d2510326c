/**
 * firestore.rules deny by default: processed Stripe events, stage requests, the sign-up grants
 * recorded per person and any collection the rules do not name are for the backend alone, whoever asks.
 */
import { assertFails, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { aStageRequest, aStripeEvent } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const PATHS = {
  'stripe_events/{eventId}': { collection: 'stripe_events', doc: 'evt_1', data: aStripeEvent() },
  'customers/{uid}/stage_requests/{key}': { collection: `customers/${OWNER}/stage_requests`, doc: 'k1', data: aStageRequest() },
  'signup_grants/{hashed person key}': { collection: 'signup_grants', doc: 'a1b2c3', data: { uid: OWNER, at: '2026-11-28T00:00:00Z' } },
  'notice_counts/{day}_{hashed address}': { collection: 'notice_counts', doc: '2026-11-28_a1b2c3', data: { count: 1 } },
  'an unnamed collection': { collection: 'admin_notes', doc: 'n1', data: { text: 'internal' } },
};

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-backend-only');
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
    ['the owner', () => as.owner()],
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
