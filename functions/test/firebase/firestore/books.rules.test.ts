/**
 * firestore.rules for the rest of a seller's books (issue 42): the trigger's totals (books/{uid}
 * and its months) read by their seller alone and written by nobody from a client, each piece's
 * last applied contribution read by nobody, the seller's currency, the export's collection-group
 * read of cost lines, an import's piece and cost lines in one batch, and a failed import's pieces
 * deleted for good once marked deleted.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const compat = firebase as unknown as { firestore: { FieldValue: { serverTimestamp(): unknown } } };
const now = () => compat.firestore.FieldValue.serverTimestamp();
const SEEDED_AT = new Date('2026-11-01T10:00:00.000Z');
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const aPiece = (owner = OWNER) => ({
  owner,
  name: 'Oak dresser',
  furnitureType: 'dresser',
  style: null,
  boughtFrom: null,
  boughtOn: '2026-10-01',
  purchaseCents: 4000,
  hours: 2,
  status: 'sourced',
  listingId: null,
  saleCents: null,
  saleChannel: null,
  soldOn: null,
  created_at: now(),
  updated_at: now(),
  deletedAt: null,
});
const aCost = (owner = OWNER) => ({ owner, category: 'parts', amountCents: 800, note: 'Knobs', created_at: now() });

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-books');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    const totals = { tiedUpCents: 4000, unsoldPieces: 1, daysTotal: 0, timedSales: 0, byType: {} };
    await db.doc(`books/${OWNER}`).set(totals);
    await db.doc(`books/${OWNER}/months/2026-11`).set({ revenueCents: 0, profitCents: 0, sold: 0 });
    await db.doc('book_contributions/own').set({ owner: OWNER, contribution: null });
    await db.doc(`book_settings/${OWNER}`).set({ currency: 'CAD' });
    const seeded = { ...aPiece(), created_at: SEEDED_AT, updated_at: SEEDED_AT };
    await db.doc('pieces/own').set(seeded);
    await db.doc('pieces/binned').set({ ...seeded, deletedAt: SEEDED_AT });
    await db.doc('pieces/others').set({ ...seeded, owner: OTHER });
    await db.doc('pieces/own/costs/c1').set({ ...aCost(), created_at: SEEDED_AT });
    await db.doc('pieces/others/costs/c1').set({ ...aCost(OTHER), created_at: SEEDED_AT });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('the books’ totals', () => {
  it('lets the seller read their totals and their months', async () => {
    await assertSucceeds(as.owner().firestore().doc(`books/${OWNER}`).get());
    await assertSucceeds(as.owner().firestore().collection(`books/${OWNER}/months`).get());
  });

  it('refuses another seller’s totals and months', async () => {
    await assertFails(as.other().firestore().doc(`books/${OWNER}`).get());
    await assertFails(as.other().firestore().doc(`books/${OWNER}/months/2026-11`).get());
  });

  it('refuses every client write of the totals, the seller’s own included', async () => {
    await assertFails(as.owner().firestore().doc(`books/${OWNER}`).set({ tiedUpCents: 0 }));
    await assertFails(as.owner().firestore().doc(`books/${OWNER}/months/2026-11`).set({ revenueCents: 1 }));
  });

  it('lets no client read or write a piece’s applied contribution', async () => {
    await assertFails(as.owner().firestore().doc('book_contributions/own').get());
    await assertFails(as.owner().firestore().doc('book_contributions/own').set({ owner: OWNER }));
  });
});

describe('the seller’s currency', () => {
  it('lets the seller read and choose their currency', async () => {
    await assertSucceeds(as.owner().firestore().doc(`book_settings/${OWNER}`).get());
    await assertSucceeds(as.owner().firestore().doc(`book_settings/${OWNER}`).set({ currency: 'EUR' }));
  });

  it('refuses a currency not on the list, another field, and another seller', async () => {
    await assertFails(as.owner().firestore().doc(`book_settings/${OWNER}`).set({ currency: 'BTC' }));
    await assertFails(as.owner().firestore().doc(`book_settings/${OWNER}`).set({ currency: 'USD', rate: 1 }));
    await assertFails(as.other().firestore().doc(`book_settings/${OWNER}`).get());
    await assertFails(as.other().firestore().doc(`book_settings/${OWNER}`).set({ currency: 'USD' }));
  });
});

describe('the export’s cost lines across pieces', () => {
  it('lets the seller read their own cost lines in one collection-group query', async () => {
    await assertSucceeds(as.owner().firestore().collectionGroup('costs').where('owner', '==', OWNER).get());
  });

  it('refuses a collection-group query not filtered on the seller', async () => {
    await assertFails(as.owner().firestore().collectionGroup('costs').get());
    await assertFails(as.owner().firestore().collectionGroup('costs').where('owner', '==', OTHER).get());
  });
});

describe('an import', () => {
  it('writes a new piece and its cost lines in one batch', async () => {
    const db = as.owner().firestore();
    const batch = db.batch();
    batch.set(db.doc('pieces/imported'), aPiece());
    batch.set(db.doc('pieces/imported/costs/k1'), aCost());
    await assertSucceeds(batch.commit());
  });

  it('writes 20 new pieces with a cost line each in one batch, as the app’s import does', async () => {
    const db = as.owner().firestore();
    const batch = db.batch();
    for (let i = 0; i < 20; i++) {
      batch.set(db.doc(`pieces/imported-${i}`), aPiece());
      batch.set(db.doc(`pieces/imported-${i}/costs/k1`), aCost());
    }
    await assertSucceeds(batch.commit());
  });

  it('refuses a batch putting cost lines under another seller’s new piece', async () => {
    const db = as.owner().firestore();
    const batch = db.batch();
    batch.set(db.doc('pieces/imported'), aPiece(OTHER));
    batch.set(db.doc('pieces/imported/costs/k1'), aCost());
    await assertFails(batch.commit());
  });

  it('lets the seller delete for good a piece marked deleted, and no other', async () => {
    await assertSucceeds(as.owner().firestore().doc('pieces/binned').delete());
    await assertFails(as.owner().firestore().doc('pieces/own').delete());
    await assertFails(as.other().firestore().doc('pieces/binned').delete());
  });
});
