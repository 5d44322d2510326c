/**
 * The books on Firestore through the Admin SDK (issue 42). The web app writes pieces itself under
 * firestore.rules; the backend uses this for the CLI's export, for marking pieces sold when their
 * listing sells, for the purge of pieces deleted long ago, and the store contract holds it to
 * PGlite's behaviour. The dashboard comes from the trigger's totals, never from every piece.
 */
import { randomUUID } from 'node:crypto';
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import {
  DEFAULT_BOOK_CURRENCY,
  emptyStock,
  lastTwelveMonths,
  pieceFieldsToStored,
  summaryFromTotals,
  type BookCurrency,
  type CostLine,
  type PeriodTotals,
  type Piece,
  type PieceFields,
  type StockTotals,
} from '@flipstage/core';
import { PieceNotFound, type PieceStore } from '../../ports/pieces.js';
import { booksRefs, costFromDoc, pieceFromDoc, timestamp } from './firestoreBooksDocs.js';

/** Firestore's limit on one batch. */
const BATCH_WRITES = 500;
const newestFirst = (a: Piece, b: Piece) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);
const oldestFirst = (a: CostLine, b: CostLine) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

export function firestorePieces(db: Firestore): PieceStore {
  const refs = booksRefs(db);

  async function ownDoc(owner: string, id: string, live = true) {
    const snap = await refs.pieces.doc(id).get();
    if (!snap.exists || snap.get('owner') !== owner || (live && snap.get('deletedAt') !== null)) {
      throw new PieceNotFound(id);
    }
    return snap;
  }

  async function costsOf(owner: string, pieceId: string): Promise<CostLine[]> {
    const snap = await refs.costsOf(pieceId).where('owner', '==', owner).get();
    return snap.docs.map(costFromDoc).sort(oldestFirst);
  }

  const pieceData = (owner: string, fields: PieceFields, at: string) => ({
    ...pieceFieldsToStored(fields),
    owner,
    created_at: timestamp(at),
    updated_at: timestamp(at),
    deletedAt: null,
  });

  const store: PieceStore = {
    async listPieces(owner) {
      const snap = await refs.pieces.where('owner', '==', owner).where('deletedAt', '==', null).get();
      return snap.docs.map(pieceFromDoc).sort(newestFirst);
    },

    async listDeletedPieces(owner, since) {
      const snap = await refs.pieces.where('owner', '==', owner).where('deletedAt', '>=', timestamp(since)).get();
      return snap.docs.map(pieceFromDoc).sort((a, b) => b.deletedAt!.localeCompare(a.deletedAt!) || a.id.localeCompare(b.id));
    },

    async getPiece(owner, id) {
      const snap = await refs.pieces.doc(id).get();
      if (!snap.exists || snap.get('owner') !== owner || snap.get('deletedAt') !== null) return null;
      return { piece: pieceFromDoc(snap), costs: await costsOf(owner, id) };
    },

    async createPiece(owner, fields, at) {
      const ref = refs.pieces.doc(randomUUID());
      await ref.create(pieceData(owner, fields, at));
      return pieceFromDoc(await ref.get());
    },

    async updatePiece(owner, id, fields, at) {
      const snap = await ownDoc(owner, id);
      await snap.ref.update({ ...pieceFieldsToStored(fields), updated_at: timestamp(at) });
      return pieceFromDoc(await snap.ref.get());
    },

    async setDeleted(owner, id, deletedAt, at) {
      const snap = await ownDoc(owner, id, false);
      await snap.ref.update({ deletedAt: deletedAt === null ? null : timestamp(deletedAt), updated_at: timestamp(at) });
      return pieceFromDoc(await snap.ref.get());
    },

    async addCost(owner, pieceId, fields, at) {
      await ownDoc(owner, pieceId);
      const ref = refs.costsOf(pieceId).doc(randomUUID());
      await ref.create({ ...fields, owner, created_at: timestamp(at) });
      return costFromDoc(await ref.get());
    },

    async updateCost(owner, pieceId, costId, fields) {
      await ownDoc(owner, pieceId);
      const ref = refs.costsOf(pieceId).doc(costId);
      const snap = await ref.get();
      if (!snap.exists || snap.get('owner') !== owner) throw new PieceNotFound(costId);
      await ref.update({ ...fields });
      return costFromDoc(await ref.get());
    },

    async removeCost(owner, pieceId, costId) {
      await ownDoc(owner, pieceId);
      const ref = refs.costsOf(pieceId).doc(costId);
      const snap = await ref.get();
      if (!snap.exists || snap.get('owner') !== owner) throw new PieceNotFound(costId);
      await ref.delete();
    },

    async exportPieces(owner) {
      const [pieces, costs] = await Promise.all([
        store.listPieces(owner),
        db.collectionGroup('costs').where('owner', '==', owner).get(),
      ]);
      const byPiece = new Map<string, CostLine[]>();
      for (const doc of costs.docs) {
        const cost = costFromDoc(doc);
        byPiece.set(cost.pieceId, [...(byPiece.get(cost.pieceId) ?? []), cost]);
      }
      return pieces.map((piece) => ({ piece, costs: (byPiece.get(piece.id) ?? []).sort(oldestFirst) }));
    },

    async importPieces(owner, rows, at) {
      // Batches hold 500 writes and none spans another: on a failure the pieces already written go again.
      const written: string[] = [];
      let batch: WriteBatch = db.batch();
      let writes = 0;
      let inBatch: string[] = [];
      const commit = async () => {
        await batch.commit();
        written.push(...inBatch);
        batch = db.batch();
        writes = 0;
        inBatch = [];
      };
      try {
        for (const row of rows) {
          if (writes + 1 + row.costs.length > BATCH_WRITES && writes > 0) await commit();
          const piece = refs.pieces.doc(randomUUID());
          batch.create(piece, pieceData(owner, row.piece, at));
          for (const cost of row.costs) batch.create(refs.costsOf(piece.id).doc(randomUUID()), { ...cost, owner, created_at: timestamp(at) });
          writes += 1 + row.costs.length;
          inBatch.push(piece.id);
        }
        if (writes > 0) await commit();
      } catch (error) {
        await Promise.all(written.map((id) => db.recursiveDelete(refs.pieces.doc(id))));
        throw error;
      }
      return rows.length;
    },

    async summary(owner, today) {
      const first = lastTwelveMonths(today)[0]!;
      const [totals, months, currency] = await Promise.all([
        refs.totals(owner).get(),
        refs.months(owner).where('__name__', '>=', refs.month(owner, first)).get(),
        store.currency(owner),
      ]);
      const stock = totals.exists ? (totals.data() as StockTotals) : emptyStock();
      const byMonth = Object.fromEntries(months.docs.map((doc) => [doc.id, doc.data() as PeriodTotals]));
      return summaryFromTotals(stock, byMonth, today, currency);
    },

    async currency(owner) {
      const snap = await refs.settings(owner).get();
      return (snap.get('currency') as BookCurrency | undefined) ?? DEFAULT_BOOK_CURRENCY;
    },

    async setCurrency(owner, currency) {
      await refs.settings(owner).set({ currency });
    },

    async reserveListing(owner, listingId, reserved, at) {
      const [from, to] = reserved ? ['listed', 'reserved'] : ['reserved', 'listed'];
      const snap = await refs.pieces.where('owner', '==', owner).where('listingId', '==', listingId).get();
      const moving = snap.docs.filter((doc) => doc.get('deletedAt') === null && doc.get('status') === from);
      await Promise.all(moving.map((doc) => doc.ref.update({ status: to, updated_at: timestamp(at) })));
      return moving.length;
    },

    async sellListing(owner, listingId, sale, at) {
      const snap = await refs.pieces.where('owner', '==', owner).where('listingId', '==', listingId).get();
      const unsold = snap.docs.filter((doc) => doc.get('deletedAt') === null && !['sold', 'picked-up'].includes(doc.get('status')));
      await Promise.all(
        unsold.map((doc) => doc.ref.update({ status: 'sold', ...sale, updated_at: timestamp(at) })),
      );
      return unsold.length;
    },

    async purgeDeleted(before) {
      const snap = await refs.pieces.where('deletedAt', '<', timestamp(before)).get();
      // recursiveDelete takes the cost lines beneath the piece too.
      await Promise.all(snap.docs.map((doc) => db.recursiveDelete(doc.ref)));
      return snap.size;
    },
  };
  return store;
}
