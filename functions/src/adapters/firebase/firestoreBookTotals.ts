/**
 * Firebase mode's books totals (issue 42), kept by the onBooksWritten triggers: a write to a piece
 * or one of its cost lines recomputes that piece's contribution (core's contributionOf) from what
 * Firestore holds now, and in one transaction adds the difference from the contribution last
 * applied (book_contributions/{pieceId}) to books/{uid} and the months it touches, then records the
 * new one. The event's own payload is never used, so a retried, late or repeated event finds the
 * contribution already applied and changes nothing; two events of one piece serialize on its
 * contribution document.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  addPeriod,
  addStock,
  contributionChange,
  contributionOf,
  emptyPeriod,
  emptyStock,
  isNoChange,
  type PeriodTotals,
  type PieceContribution,
  type StockTotals,
} from '@flipstage/core';
import { booksRefs, costFromDoc, pieceFromDoc } from './firestoreBooksDocs.js';

interface AppliedContribution {
  owner: string;
  contribution: PieceContribution | null;
}

/** What the piece adds to its seller's totals now: nothing once it is deleted or gone. */
async function currentContribution(db: Firestore, tx: Transaction, pieceId: string) {
  const refs = booksRefs(db);
  const snap = await tx.get(refs.pieces.doc(pieceId));
  if (!snap.exists) return { owner: null, contribution: null };
  const piece = pieceFromDoc(snap);
  if (piece.deletedAt !== null) return { owner: piece.owner, contribution: null };
  const costs = await tx.get(refs.costsOf(pieceId).where('owner', '==', piece.owner));
  return { owner: piece.owner, contribution: contributionOf(piece, costs.docs.map(costFromDoc), piece.updated_at) };
}

/** Brings the piece's seller's totals up to date with the piece; answers whether anything changed. */
export async function applyPieceTotals(db: Firestore, pieceId: string): Promise<boolean> {
  const refs = booksRefs(db);
  return db.runTransaction(async (tx) => {
    const appliedSnap = await tx.get(refs.contribution(pieceId));
    const applied = appliedSnap.exists ? (appliedSnap.data() as AppliedContribution) : null;
    const now = await currentContribution(db, tx, pieceId);
    const owner = now.owner ?? applied?.owner;
    if (!owner) return false;
    const change = contributionChange(applied?.contribution ?? null, now.contribution);
    if (isNoChange(change)) {
      if (!now.owner && appliedSnap.exists) tx.delete(refs.contribution(pieceId));
      return false;
    }
    // Every read before the first write, as a transaction requires.
    const months = Object.keys(change.months);
    const [totals, ...monthSnaps] = await Promise.all([
      tx.get(refs.totals(owner)),
      ...months.map((month) => tx.get(refs.month(owner, month))),
    ]);
    const stock = totals.exists ? (totals.data() as StockTotals) : emptyStock();
    tx.set(refs.totals(owner), { ...addStock(stock, change.stock), updated_at: FieldValue.serverTimestamp() });
    months.forEach((month, i) => {
      const was = monthSnaps[i]!.exists ? (monthSnaps[i]!.data() as PeriodTotals) : emptyPeriod();
      tx.set(refs.month(owner, month), addPeriod(was, change.months[month]!));
    });
    // A piece gone for good leaves no contribution behind; otherwise the one just applied is kept.
    if (now.owner) tx.set(refs.contribution(pieceId), { owner, contribution: now.contribution } satisfies AppliedContribution);
    else tx.delete(refs.contribution(pieceId));
    return true;
  });
}
