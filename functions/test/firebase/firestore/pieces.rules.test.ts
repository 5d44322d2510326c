/**
 * firestore.rules for pieces/{id} and pieces/{id}/costs/{id} (issue 42): a seller's books, private
 * to them, written by the web app directly and checked field by field as core's schemas check them.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import {
  assertFails,
  assertSucceeds,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, PIECE_LIMITS, storedStagings } from '@flipstage/core';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
// The compat namespace carries FieldValue at run time; its typings declare it as a type only.
const compat = firebase as unknown as { firestore: { FieldValue: { serverTimestamp(): unknown } } };
/** The server's instant, as the app writes it: request.time in the rules. */
const now = () => compat.firestore.FieldValue.serverTimestamp();
const SEEDED_AT = new Date('2026-11-01T10:00:00.000Z');
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

function aPiece(owner = OWNER, overrides: Record<string, unknown> = {}) {
  return {
    owner,
    name: 'Oak dresser',
    furnitureType: 'dresser',
    style: 'farmhouse',
    boughtFrom: 'Estate sale',
    boughtOn: '2026-10-01',
    purchaseCents: 4000,
    hours: 6.5,
    status: 'in-progress',
    listingId: null,
    saleCents: null,
    saleChannel: null,
    soldOn: null,
    created_at: now(),
    updated_at: now(),
    deletedAt: null,
    ...overrides,
  };
}

const aCost = (owner = OWNER, overrides: Record<string, unknown> = {}) => ({
  owner,
  category: 'materials',
  amountCents: 3550,
  note: 'Chalk paint, two coats',
  created_at: now(),
  ...overrides,
});

const piece = (context: RulesTestContext, id = 'own') => context.firestore().doc(`pieces/${id}`);
const cost = (context: RulesTestContext, pieceId = 'own', id = 'c1') =>
  context.firestore().doc(`pieces/${pieceId}/costs/${id}`);
/** An update as the app writes one: the whole piece, with the server's instant. */
const edit = (overrides: Record<string, unknown>) => ({ ...aPiece(), created_at: SEEDED_AT, ...overrides });

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-pieces');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    const seeded = { created_at: SEEDED_AT, updated_at: SEEDED_AT };
    await db.doc('pieces/own').set({ ...aPiece(), ...seeded });
    await db.doc('pieces/others').set({ ...aPiece(OTHER), ...seeded });
    await db.doc('pieces/own/costs/c1').set({ ...aCost(), created_at: SEEDED_AT });
    await db.doc('pieces/others/costs/c1').set({ ...aCost(OTHER), created_at: SEEDED_AT });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('reading pieces', () => {
  it('lets the owner read and list their own pieces', async () => {
    await assertSucceeds(piece(as.owner()).get());
    await assertSucceeds(as.owner().firestore().collection('pieces').where('owner', '==', OWNER).get());
  });

  it('refuses another seller’s piece, an unfiltered list and a signed-out reader', async () => {
    await assertFails(piece(as.owner(), 'others').get());
    await assertFails(as.owner().firestore().collection('pieces').get());
    await assertFails(piece(as.signedOut()).get());
  });
});

describe('writing a piece', () => {
  it('lets the owner create a valid piece with the server’s instants', async () => {
    await assertSucceeds(piece(as.owner(), 'new').set(aPiece()));
  });

  it('takes every catalogue type and style', async () => {
    for (const [i, type] of FURNITURE_TYPE_IDS.entries())
      await assertSucceeds(
        piece(as.owner(), `t${i}`).set(aPiece(OWNER, { furnitureType: type, style: DESIGN_STYLE_IDS[i] })),
      );
  });

  it('refuses a piece written for someone else, or by a signed-out caller', async () => {
    await assertFails(piece(as.owner(), 'new').set(aPiece(OTHER)));
    await assertFails(piece(as.signedOut(), 'new').set(aPiece()));
  });

  it('refuses a field no piece has, and a client’s own instant', async () => {
    await assertFails(piece(as.owner(), 'new').set({ ...aPiece(), profit: 1 }));
    await assertFails(piece(as.owner(), 'new').set(aPiece(OWNER, { created_at: SEEDED_AT })));
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name too long', { name: 'x'.repeat(PIECE_LIMITS.name + 1) }],
    ['a control character', { boughtFrom: 'Estate\nsale' }],
    ['fractional cents', { purchaseCents: 40.5 }],
    ['a negative price', { purchaseCents: -1 }],
    ['more than a million', { purchaseCents: PIECE_LIMITS.cents + 1 }],
    ['hours in thousandths', { hours: 1.005 }],
    ['a status not on the list', { status: 'lost' }],
    ['a type not in the catalogue', { furnitureType: 'spaceship' }],
    ['a day that is not a day', { boughtOn: '2026-13-01' }],
    ['a sale before the purchase', { status: 'sold', saleCents: 100, soldOn: '2026-09-30' }],
  ])('refuses %s', async (_what, overrides) => {
    await assertFails(piece(as.owner(), 'new').set(aPiece(OWNER, overrides)));
  });

  it('lets the owner update their piece, keeping its creation instant', async () => {
    await assertSucceeds(piece(as.owner()).set(edit({ status: 'sold', saleCents: 21000, soldOn: '2026-10-22' })));
  });

  it('refuses an update of another seller’s piece, or one that moves its creation instant', async () => {
    await assertFails(piece(as.owner(), 'others').set({ ...edit({}), owner: OTHER }));
    await assertFails(piece(as.owner()).set(edit({ created_at: now() })));
  });

  it('lets the owner mark a piece deleted and restore it, but not delete one not marked deleted', async () => {
    await assertSucceeds(piece(as.owner()).set(edit({ deletedAt: now() })));
    await assertSucceeds(piece(as.owner()).set(edit({ deletedAt: null })));
    await assertFails(piece(as.owner()).delete());
  });
});

describe('a piece’s stagings', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, i) => `edit-${i}`);

  it(`takes up to ${PIECE_LIMITS.stagings} stagings, each id with its place, as core stores them`, async () => {
    await assertSucceeds(
      piece(as.owner(), 'new').set(aPiece(OWNER, { stagings: storedStagings(ids(PIECE_LIMITS.stagings)) })),
    );
    await assertSucceeds(piece(as.owner()).set(edit({ stagings: storedStagings(['edit-b', 'edit-a']) })));
  });

  it('takes a piece without stagings, as pieces written before them are, and an empty map', async () => {
    await assertSucceeds(piece(as.owner(), 'new').set(aPiece()));
    await assertSucceeds(piece(as.owner()).set(edit({ stagings: {} })));
  });

  it.each([
    ['a list of ids', ['edit-0', 'edit-1']],
    [`${PIECE_LIMITS.stagings + 1} stagings`, storedStagings(ids(PIECE_LIMITS.stagings + 1))],
    ['a place that is text', { 'edit-0': 'x' }],
    [`the place ${PIECE_LIMITS.stagings}`, { 'edit-0': PIECE_LIMITS.stagings }],
    ['a negative place', { 'edit-0': -1 }],
    ['a fractional place', { 'edit-0': 0.5 }],
  ])('refuses %s', async (_what, stagings) => {
    await assertFails(piece(as.owner(), 'new').set(aPiece(OWNER, { stagings })));
    await assertFails(piece(as.owner()).set(edit({ stagings })));
  });
});

describe('cost lines', () => {
  it('lets the owner read, add, change and remove a cost line of their piece', async () => {
    await assertSucceeds(cost(as.owner()).get());
    await assertSucceeds(cost(as.owner(), 'own', 'c2').set(aCost()));
    await assertSucceeds(cost(as.owner()).set({ ...aCost(), amountCents: 4000, created_at: SEEDED_AT }));
    await assertSucceeds(cost(as.owner()).delete());
  });

  it('refuses a cost line on another seller’s piece, and reading or removing theirs', async () => {
    await assertFails(cost(as.owner(), 'others', 'c2').set(aCost()));
    await assertFails(cost(as.owner(), 'others').get());
    await assertFails(cost(as.owner(), 'others').delete());
  });

  it.each([
    ['a category not on the list', { category: 'lunch' }],
    ['fractional cents', { amountCents: 1.5 }],
    ['a note too long', { note: 'x'.repeat(PIECE_LIMITS.note + 1) }],
    ['another owner', { owner: OTHER }],
  ])('refuses %s', async (_what, overrides) => {
    await assertFails(cost(as.owner(), 'own', 'c2').set(aCost(OWNER, overrides)));
  });
});
