/**
 * firestore.rules for a signed-out visitor (issue 24): an anonymous user, whose token says
 * sign_in_provider 'anonymous', reads their own account and nothing else, and never their held
 * results or the per-network trial counts, which only the backend touches.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aCustomer, anImageEdit } from '../support/factories.js';
import { firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const VISITOR = 'visitor-anon';
const SELLER = 'dana';
let env: RulesTestEnvironment;

const visitor = () => env.authenticatedContext(VISITOR, { firebase: { sign_in_provider: 'anonymous' } }).firestore();

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-visitors');
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    await db.doc(`customers/${VISITOR}`).set(aCustomer({ creditsRemaining: 3 }));
    await db.doc(`customers/${SELLER}`).set(aCustomer());
    await db.doc(`customers/${VISITOR}/held_edits/edit-1`).set(anImageEdit(VISITOR));
    await db.doc('trial_addresses/2026-11-26_203.0.113.7').set({ count: 1 });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('a signed-out visitor’s anonymous session', () => {
  it('can get their own account’s free tries', async () => {
    const snap = await assertSucceeds(visitor().doc(`customers/${VISITOR}`).get());
    expect(snap.data()).toMatchObject({ creditsRemaining: 3 });
  });

  it('cannot get another account', async () => {
    await assertFails(visitor().doc(`customers/${SELLER}`).get());
  });

  it('cannot read their held results', async () => {
    await assertFails(visitor().doc(`customers/${VISITOR}/held_edits/edit-1`).get());
  });

  it('cannot read the trials counted per network', async () => {
    await assertFails(visitor().doc('trial_addresses/2026-11-26_203.0.113.7').get());
  });
});
