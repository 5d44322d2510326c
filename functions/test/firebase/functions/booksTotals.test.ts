/**
 * The books' totals in the Functions emulator (issue 42): the bundle's booksPieceWritten and
 * booksCostWritten triggers keep books/{uid} and its months as pieces and cost lines are written,
 * and the dashboard made from them equals core's summariseBooks over the same pieces. A retried
 * event, the handler run again for a write already applied, changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contributionOf,
  summariseBooks,
  type BooksSummary,
  type CostLineFields,
  type PieceFields,
} from '@flipstage/core';
import { applyPieceTotals } from '../../../src/adapters/firebase/firestoreBookTotals.js';
import { firestorePieces } from '../../../src/adapters/firebase/firestorePieces.js';
import { aCost, aPiece } from '../../contracts/pieceStoreContract.js';
import { adminApp } from '../support/emulators.js';
import { PROJECT_ID } from '../support/apiFunction.js';

const TODAY = '2026-11-28';
let db: Firestore;
beforeAll(() => {
  db = getFirestore(adminApp(PROJECT_ID, ['firestore']));
});

const store = () => firestorePieces(db);
const at = () => new Date().toISOString();

/** The dashboard the trigger's totals give, once they have caught up with every write. */
async function settledSummary(owner: string, expected: () => Promise<BooksSummary>): Promise<BooksSummary> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [actual, want] = await Promise.all([store().summary(owner, TODAY), expected()]);
    if (JSON.stringify(actual) === JSON.stringify(want) || Date.now() > deadline) return actual;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** core's reference over the seller's pieces as Firestore holds them. */
async function reference(owner: string): Promise<BooksSummary> {
  const pieces = await store().exportPieces(owner);
  const contributions = pieces.map(({ piece, costs }) => contributionOf(piece, costs, piece.updated_at));
  return summariseBooks(contributions, TODAY, await store().currency(owner));
}

async function addPiece(owner: string, fields: PieceFields, costs: CostLineFields[] = []) {
  const piece = await store().createPiece(owner, fields, at());
  for (const cost of costs) await store().addCost(owner, piece.id, cost, at());
  return piece;
}

describe('the books’ totals trigger', () => {
  it('keeps totals whose dashboard equals summariseBooks over the same pieces', async () => {
    const owner = `seller_${randomUUID()}`;
    await addPiece(owner, aPiece({ status: 'sold', saleCents: 25000, saleChannel: 'FlipStage', soldOn: '2026-11-10' }), [
      aCost({ category: 'fees', amountCents: 1500 }),
      aCost(),
    ]);
    await addPiece(owner, aPiece({ status: 'picked-up', saleCents: 9000, soldOn: '2026-03-02', furnitureType: 'chair' }));
    await addPiece(owner, aPiece({ status: 'listed' }), [aCost({ category: 'parts', amountCents: 700 })]);
    const summary = await settledSummary(owner, () => reference(owner));
    expect(summary).toEqual(await reference(owner));
    expect(summary.thisMonth).toEqual({ revenueCents: 25000, profitCents: 25000 - 4000 - 1500 - 3550, sold: 1 });
    expect(summary.unsoldPieces).toBe(1);
  });

  it('moves a piece from the stock to its sale’s month when it sells, and out of the totals when deleted', async () => {
    const owner = `seller_${randomUUID()}`;
    const piece = await addPiece(owner, aPiece({ status: 'listed' }));
    expect((await settledSummary(owner, () => reference(owner))).tiedUpCents).toBe(4000);
    await store().updatePiece(owner, piece.id, aPiece({ status: 'sold', saleCents: 12000, soldOn: '2026-11-20' }), at());
    const sold = await settledSummary(owner, () => reference(owner));
    expect([sold.tiedUpCents, sold.thisMonth.revenueCents]).toEqual([0, 12000]);
    await store().setDeleted(owner, piece.id, at(), at());
    const deleted = await settledSummary(owner, () => reference(owner));
    expect([deleted.thisMonth.sold, deleted.unsoldPieces]).toEqual([0, 0]);
  });

  it('changes nothing when an event already applied is delivered again', async () => {
    const owner = `seller_${randomUUID()}`;
    const piece = await addPiece(owner, aPiece({ status: 'sold', saleCents: 5000, soldOn: '2026-11-01' }), [aCost()]);
    await settledSummary(owner, () => reference(owner));
    const before = (await db.doc(`books/${owner}`).get()).data();
    const month = (await db.doc(`books/${owner}/months/2026-11`).get()).data();
    // A redelivered event runs the handler again for the same piece.
    expect(await applyPieceTotals(db, piece.id)).toBe(false);
    expect(await applyPieceTotals(db, piece.id)).toBe(false);
    expect((await db.doc(`books/${owner}`).get()).data()).toEqual(before);
    expect((await db.doc(`books/${owner}/months/2026-11`).get()).data()).toEqual(month);
  });

  it('applies a write once however many of its events race', async () => {
    const owner = `seller_${randomUUID()}`;
    const piece = await addPiece(owner, aPiece({ status: 'listed', purchaseCents: 1000 }));
    await settledSummary(owner, () => reference(owner));
    await db.doc(`pieces/${piece.id}`).update({ purchaseCents: 2500, updated_at: Timestamp.now() });
    // The trigger's own event and three redeliveries, at once.
    await Promise.all([1, 2, 3].map(() => applyPieceTotals(db, piece.id)));
    const summary = await settledSummary(owner, () => reference(owner));
    expect(summary.tiedUpCents).toBe(2500);
  });
});
