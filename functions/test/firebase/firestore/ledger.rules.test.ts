/** firestore.rules for customers/{uid}/ledger/{entryId}: the owner reads their credit history; nobody writes it. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aCustomer, aLedgerEntry } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const ledgerOf = (context: RulesTestContext, uid = OWNER) => context.firestore().collection(`customers/${uid}/ledger`);
const entryOf = (context: RulesTestContext, uid = OWNER) => ledgerOf(context, uid).doc('signup');

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-ledger');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    await db.doc(`customers/${OWNER}`).set(aCustomer({ creditsRemaining: 9, ledgerSeq: 2 }));
    await db.doc(`customers/${OWNER}/ledger/signup`).set(aLedgerEntry());
    await db.doc(`customers/${OWNER}/ledger/stage:a1`).set(aLedgerEntry({ delta: -1, reason: 'stage', ref: 'stage:a1', balanceAfter: 9, seq: 2 }));
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('customers/{uid}/ledger signed out', () => {
  it('cannot get an entry', async () => {
    await assertFails(entryOf(as.signedOut()).get());
  });

  it('cannot list a ledger', async () => {
    await assertFails(ledgerOf(as.signedOut()).get());
  });

  it('cannot create an entry', async () => {
    await assertFails(ledgerOf(as.signedOut()).doc('forged').set(aLedgerEntry({ delta: 1000, ref: 'forged' })));
  });

  it('cannot update an entry', async () => {
    await assertFails(entryOf(as.signedOut()).update({ delta: 1000 }));
  });

  it('cannot delete an entry', async () => {
    await assertFails(entryOf(as.signedOut()).delete());
  });
});

describe('customers/{uid}/ledger the owner', () => {
  it('can get an entry', async () => {
    const snap = await assertSucceeds(entryOf(as.owner()).get());
    expect(snap.data()).toEqual(aLedgerEntry());
  });

  it('can list their ledger, newest first', async () => {
    const snap = await assertSucceeds(ledgerOf(as.owner()).orderBy('seq', 'desc').get());
    expect(snap.docs.map((d) => d.id)).toEqual(['stage:a1', 'signup']);
  });

  it('cannot create an entry', async () => {
    await assertFails(ledgerOf(as.owner()).doc('forged').set(aLedgerEntry({ delta: 1000, ref: 'forged' })));
  });

  it('cannot update an entry', async () => {
    await assertFails(entryOf(as.owner()).update({ delta: 1000 }));
  });

  it('cannot delete an entry', async () => {
    await assertFails(entryOf(as.owner()).delete());
  });
});

describe('customers/{uid}/ledger another user', () => {
  it('cannot get an entry', async () => {
    await assertFails(entryOf(as.other()).get());
  });

  it('cannot list the ledger', async () => {
    await assertFails(ledgerOf(as.other()).get());
  });

  it('cannot list every ledger through a collection-group query', async () => {
    await assertFails(as.other().firestore().collectionGroup('ledger').get());
  });

  it('cannot create an entry', async () => {
    await assertFails(ledgerOf(as.other()).doc('forged').set(aLedgerEntry({ delta: -9, ref: 'forged' })));
  });

  it('cannot update an entry', async () => {
    await assertFails(entryOf(as.other()).update({ delta: 1000 }));
  });

  it('cannot delete an entry', async () => {
    await assertFails(entryOf(as.other()).delete());
  });
});
