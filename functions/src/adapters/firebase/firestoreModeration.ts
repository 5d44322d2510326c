/**
 * Reports and where each reported listing stands, on Firestore: reports/{id} and
 * moderation/{itemId}, which only the backend writes and only moderators read (firestore.rules).
 * A report reads the listing, its record and its reports awaiting review in the transaction that
 * writes the report, so racing reports settle the listing's status one after the other.
 */
import type { CollectionReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { AWAITING_REVIEW, type ModerationStatus } from '@flipstage/core';
import {
  AlreadyReported,
  ItemNotFound,
  type ItemDoc,
  type ModerationDoc,
  type ModerationStore,
  type ReportDoc,
} from '../../ports/store.js';
import type { FirestoreRefs } from './firestoreDocs.js';

export const MODERATION_COLLECTIONS = { reports: 'reports', moderation: 'moderation' } as const;

/** Statuses a seller is shown on their own listing. */
const OFF_THE_MARKETPLACE: readonly ModerationStatus[] = ['hidden', 'removed'];

type RunTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

const oldestFirst = (a: ReportDoc, b: ReportDoc) =>
  a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

export function firestoreModeration(db: Firestore, refs: FirestoreRefs, transaction: RunTransaction): ModerationStore {
  const reports = db.collection(MODERATION_COLLECTIONS.reports) as CollectionReference<ReportDoc>;
  const moderation = db.collection(MODERATION_COLLECTIONS.moderation) as CollectionReference<ModerationDoc>;
  // Equality filters only, served by the single-field indexes; sorted here.
  const awaitingReview = (itemId: string) => reports.where('itemId', '==', itemId).where('reviewedAt', '==', null);

  async function readListing(tx: Transaction, itemId: string) {
    const [itemSnap, moderationSnap, open] = await Promise.all([
      tx.get(refs.items.doc(itemId)),
      tx.get(moderation.doc(itemId)),
      tx.get(awaitingReview(itemId)),
    ]);
    if (!itemSnap.exists) throw new ItemNotFound(itemId);
    return { item: itemSnap.data()!, record: moderationSnap.data() ?? null, open };
  }

  return {
    addReport(report, rules) {
      return transaction(async (tx) => {
        const existing = await tx.get(reports.doc(report.id));
        const { item, record, open } = await readListing(tx, report.itemId);
        if (existing.exists) throw new AlreadyReported();
        const established = new Set(
          [...open.docs.map((doc) => doc.data()), report]
            .filter((r) => r.messageId === null && r.counts)
            .map((r) => r.reporter),
        );
        const previous = record?.status ?? null;
        const status = rules.afterReport(previous, established.size);
        tx.create(reports.doc(report.id), report);
        tx.set(moderation.doc(item.id), {
          itemId: item.id,
          owner: item.owner,
          status,
          reason: record?.reason ?? null,
          decidedBy: record?.decidedBy ?? null,
          updated_at: report.created_at,
        });
        if (status !== 'hidden' || item.hidden) return { previous, status, item };
        tx.update(refs.items.doc(item.id), { hidden: true });
        return { previous, status, item: { ...item, hidden: true } };
      });
    },

    decideListing(itemId, decision) {
      return transaction(async (tx) => {
        const { item, record, open } = await readListing(tx, itemId);
        const hidden = decision.status === 'removed';
        tx.update(refs.items.doc(itemId), { hidden });
        for (const doc of open.docs) tx.update(doc.ref, { reviewedAt: decision.at });
        tx.set(moderation.doc(itemId), {
          itemId,
          owner: item.owner,
          status: decision.status,
          reason: decision.reason,
          decidedBy: decision.by,
          updated_at: decision.at,
        });
        return { previous: record?.status ?? null, item: { ...item, hidden } };
      });
    },

    async reviewQueue(limit) {
      const listed = await moderation
        .where('status', 'in', AWAITING_REVIEW)
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .get();
      if (listed.empty) return [];
      const records = listed.docs.map((doc) => doc.data());
      const [items, open] = await Promise.all([
        db.getAll(...records.map((record) => refs.items.doc(record.itemId))),
        Promise.all(records.map((record) => awaitingReview(record.itemId).get())),
      ]);
      return records.flatMap((record, i) => {
        const item = items[i]!.data() as ItemDoc | undefined;
        const waiting = open[i]!.docs.map((doc) => doc.data()).sort(oldestFirst);
        return item ? [{ moderation: record, item, reports: waiting }] : [];
      });
    },

    async moderatedListings(owner) {
      const snap = await moderation.where('owner', '==', owner).where('status', 'in', OFF_THE_MARKETPLACE).get();
      return snap.docs.map((doc) => doc.data()).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    },
  };
}
