/**
 * Firebase mode's books (issue 42): the app writes pieces/{id} and pieces/{id}/costs/{id} directly
 * under firestore.rules, with the server's instants (serverTimestamp, which the rules hold to
 * request.time); the dashboard reads the totals the onBooksWritten trigger keeps (books/{uid} and
 * its months), never every piece. The currency is the seller's own book_settings/{uid}.
 */
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase/firestore';
import type { Auth } from 'firebase/auth';
import {
  DEFAULT_BOOK_CURRENCY,
  PIECE_RESTORE_DAYS,
  pieceFromStored,
  pieceFieldsToStored,
  lastTwelveMonths,
  summaryFromTotals,
  emptyStock,
  type BookCurrency,
  type CostLine,
  type CostLineFields,
  type PeriodTotals,
  type Piece,
  type PieceFields,
  type PieceWithCosts,
  type StockTotals,
} from '@flipstage/core';
import type { BooksDriver } from './books';
import { ApiError } from './http';
import { writeImport } from './firestoreBooksImport';

const DAY_MS = 86_400_000;
// A write of this session not yet back from the server has no instant yet: it is now.
const iso = (value: unknown) => (value instanceof Timestamp ? value.toDate().toISOString() : new Date().toISOString());

function pieceFrom(snap: DocumentSnapshot<DocumentData>): Piece {
  return pieceFromStored(snap.id, snap.data()!, iso);
}

function costFrom(snap: DocumentSnapshot<DocumentData>, pieceId: string): CostLine {
  const data = snap.data()!;
  return {
    id: snap.id,
    pieceId,
    owner: data.owner,
    category: data.category,
    amountCents: data.amountCents,
    note: data.note,
    created_at: iso(data.created_at),
  };
}

const newestFirst = (a: Piece, b: Piece) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

export function createFirestoreBooksDriver(db: Firestore, auth: Auth): BooksDriver {
  const uid = () => {
    const user = auth.currentUser;
    if (!user) throw new ApiError(401, 'Sign in to see your books.');
    return user.uid;
  };
  const pieceRef = (id: string) => doc(db, 'pieces', id);
  const costsOf = (pieceId: string) => collection(db, 'pieces', pieceId, 'costs');

  async function ownPiece(id: string): Promise<Piece | null> {
    try {
      const snap = await getDoc(pieceRef(id));
      return snap.exists() ? pieceFrom(snap) : null;
    } catch (error) {
      // The rules refuse another seller's piece: to this seller it does not exist.
      if ((error as { code?: string }).code === 'permission-denied') return null;
      throw error;
    }
  }

  async function readCost(pieceId: string, costId: string): Promise<CostLine> {
    return costFrom(await getDoc(doc(costsOf(pieceId), costId)), pieceId);
  }

  // Methods are called detached (lazyDriver), so they name the driver, never `this`.
  const driver: BooksDriver = {
    async listPieces() {
      const snap = await getDocs(
        query(collection(db, 'pieces'), where('owner', '==', uid()), where('deletedAt', '==', null)),
      );
      return snap.docs.map(pieceFrom).sort(newestFirst);
    },
    async listDeletedPieces() {
      const since = Timestamp.fromMillis(Date.now() - PIECE_RESTORE_DAYS * DAY_MS);
      const snap = await getDocs(
        query(collection(db, 'pieces'), where('owner', '==', uid()), where('deletedAt', '>=', since)),
      );
      return snap.docs.map(pieceFrom).sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
    },
    async getPiece(id) {
      const piece = await ownPiece(id);
      if (!piece || piece.deletedAt !== null) return null;
      const costs = await getDocs(query(costsOf(id), where('owner', '==', piece.owner)));
      return {
        piece,
        costs: costs.docs.map((snap) => costFrom(snap, id)).sort((a, b) => a.created_at.localeCompare(b.created_at)),
      };
    },
    async savePiece(id, fields: PieceFields) {
      const owner = uid();
      const ref = id === null ? doc(collection(db, 'pieces')) : pieceRef(id);
      if (id === null) {
        await setDoc(ref, {
          ...pieceFieldsToStored(fields),
          owner,
          created_at: serverTimestamp(),
          updated_at: serverTimestamp(),
          deletedAt: null,
        });
      } else {
        // An update names every field the seller writes; the rules keep created_at and deletedAt as they were.
        await updateDoc(ref, { ...pieceFieldsToStored(fields), owner, updated_at: serverTimestamp() });
      }
      return pieceFrom(await getDoc(ref));
    },
    async deletePiece(id) {
      await updateDoc(pieceRef(id), { deletedAt: serverTimestamp(), updated_at: serverTimestamp() });
    },
    async restorePiece(id) {
      await updateDoc(pieceRef(id), { deletedAt: null, updated_at: serverTimestamp() });
    },
    async addCost(pieceId, fields: CostLineFields) {
      const ref = doc(costsOf(pieceId));
      await setDoc(ref, { ...fields, owner: uid(), created_at: serverTimestamp() });
      return readCost(pieceId, ref.id);
    },
    async updateCost(pieceId, costId, fields) {
      await updateDoc(doc(costsOf(pieceId), costId), { ...fields });
      return readCost(pieceId, costId);
    },
    async removeCost(pieceId, costId) {
      await deleteDoc(doc(costsOf(pieceId), costId));
    },
    async exportPieces(): Promise<PieceWithCosts[]> {
      const owner = uid();
      const [pieces, costs] = await Promise.all([
        driver.listPieces(),
        getDocs(query(collectionGroup(db, 'costs'), where('owner', '==', owner))),
      ]);
      const byPiece = new Map<string, CostLine[]>();
      for (const snap of costs.docs) {
        const pieceId = snap.ref.parent.parent!.id;
        byPiece.set(pieceId, [...(byPiece.get(pieceId) ?? []), costFrom(snap, pieceId)]);
      }
      return pieces.map((piece) => ({ piece, costs: byPiece.get(piece.id) ?? [] }));
    },
    importPieces: (rows) => writeImport(db, uid(), rows),
    async summary(today) {
      const owner = uid();
      const months = lastTwelveMonths(today);
      const [totals, monthDocs, currency] = await Promise.all([
        getDoc(doc(db, 'books', owner)),
        getDocs(query(collection(db, 'books', owner, 'months'), where(documentId(), '>=', months[0]!))),
        driver.currency(),
      ]);
      const stock = totals.exists() ? (totals.data() as StockTotals) : emptyStock();
      const byMonth = Object.fromEntries(monthDocs.docs.map((snap) => [snap.id, snap.data() as PeriodTotals]));
      return summaryFromTotals(stock, byMonth, today, currency);
    },
    async currency() {
      const snap = await getDoc(doc(db, 'book_settings', uid()));
      return snap.exists() ? (snap.data().currency as BookCurrency) : DEFAULT_BOOK_CURRENCY;
    },
    async setCurrency(currency) {
      await setDoc(doc(db, 'book_settings', uid()), { currency });
    },
  };
  return driver;
}
