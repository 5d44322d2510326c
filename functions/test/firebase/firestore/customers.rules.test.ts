/** firestore.rules for customers/{uid}: credits and billing state, read by the owner, written by the backend only. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aCustomer } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const customerOf = (context: RulesTestContext, uid = OWNER) => context.firestore().doc(`customers/${uid}`);

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-customers');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, (db) => db.doc(`customers/${OWNER}`).set(aCustomer()));
});

afterAll(async () => {
  await env.cleanup();
});

describe('customers/{uid} signed out', () => {
  it('cannot get a customer', async () => {
    await assertFails(customerOf(as.signedOut()).get());
  });

  it('cannot list customers', async () => {
    await assertFails(as.signedOut().firestore().collection('customers').get());
  });

  it('cannot create a customer', async () => {
    await assertFails(customerOf(as.signedOut(), 'newcomer').set(aCustomer()));
  });

  it('cannot update a customer', async () => {
    await assertFails(customerOf(as.signedOut()).update({ creditsRemaining: 1000 }));
  });

  it('cannot delete a customer', async () => {
    await assertFails(customerOf(as.signedOut()).delete());
  });
});

describe('customers/{uid} the owner', () => {
  it('can get their credits and billing state', async () => {
    const snap = await assertSucceeds(customerOf(as.owner()).get());
    expect(snap.data()).toMatchObject({ creditsRemaining: 10, stripeSubscriptionStatus: null });
  });

  it('cannot list customers, even filtered to themselves', async () => {
    await assertFails(as.owner().firestore().collection('customers').where('stripeCustomerId', '==', null).get());
  });

  it('cannot create their customer record', async () => {
    await env.clearFirestore();
    await assertFails(customerOf(as.owner()).set(aCustomer({ creditsRemaining: 1000 })));
  });

  it('cannot change their credits', async () => {
    await assertFails(customerOf(as.owner()).update({ creditsRemaining: 1000 }));
  });

  it('cannot change their plan', async () => {
    await assertFails(customerOf(as.owner()).update({ stripeSubscriptionStatus: 'active', stripePriceId: 'price_premium' }));
  });

  it('cannot delete their customer record', async () => {
    await assertFails(customerOf(as.owner()).delete());
  });
});

describe('customers/{uid} another user', () => {
  it('cannot get the customer', async () => {
    await assertFails(customerOf(as.other()).get());
  });

  it('cannot list customers', async () => {
    await assertFails(as.other().firestore().collection('customers').get());
  });

  it('cannot create a customer record for someone else', async () => {
    await assertFails(customerOf(as.other(), 'newcomer').set(aCustomer()));
  });

  it('cannot update the customer', async () => {
    await assertFails(customerOf(as.other()).update({ creditsRemaining: 0 }));
  });

  it('cannot delete the customer', async () => {
    await assertFails(customerOf(as.other()).delete());
  });
});
