/**
 * Where Firebase mode keeps the books (issue 42) and how a document reads as core's types: the app
 * writes pieces/{id} and pieces/{id}/costs/{id} (firestore.rules) with Timestamps for instants; the
 * onBooksWritten trigger keeps books/{uid} (the stock totals) and books/{uid}/months/{YYYY-MM},
 * which their owner reads, and book_contributions/{pieceId} (each piece's last applied
 * contribution), which no client reads. The seller's currency is book_settings/{uid}.
 */
import { Timestamp, type DocumentData, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { pieceFromStored, type CostLine, type Piece } from '@flipstage/core';

export const BOOKS_COLLECTIONS = {
  pieces: 'pieces',
  costs: 'costs',
  totals: 'books',
  months: 'months',
  contributions: 'book_contributions',
  settings: 'book_settings',
} as const;

export function booksRefs(db: Firestore) {
  return {
    pieces: db.collection(BOOKS_COLLECTIONS.pieces),
    costsOf: (pieceId: string) =>
      db.collection(BOOKS_COLLECTIONS.pieces).doc(pieceId).collection(BOOKS_COLLECTIONS.costs),
    totals: (owner: string) => db.collection(BOOKS_COLLECTIONS.totals).doc(owner),
    month: (owner: string, month: string) =>
      db.collection(BOOKS_COLLECTIONS.totals).doc(owner).collection(BOOKS_COLLECTIONS.months).doc(month),
    months: (owner: string) => db.collection(BOOKS_COLLECTIONS.totals).doc(owner).collection(BOOKS_COLLECTIONS.months),
    contribution: (pieceId: string) => db.collection(BOOKS_COLLECTIONS.contributions).doc(pieceId),
    settings: (owner: string) => db.collection(BOOKS_COLLECTIONS.settings).doc(owner),
  };
}

const iso = (value: unknown) => (value instanceof Timestamp ? value.toDate().toISOString() : String(value));
export const timestamp = (at: string) => Timestamp.fromDate(new Date(at));

export function pieceFromDoc(snap: DocumentSnapshot<DocumentData>): Piece {
  return pieceFromStored(snap.id, snap.data()!, iso);
}

export function costFromDoc(snap: DocumentSnapshot<DocumentData>): CostLine {
  const data = snap.data()!;
  return {
    id: snap.id,
    pieceId: snap.ref.parent.parent!.id,
    owner: data.owner,
    category: data.category,
    amountCents: data.amountCents,
    note: data.note,
    created_at: iso(data.created_at),
  };
}
