/**
 * Reports and where each reported listing stands, on PGlite: the same fields as Firestore's
 * reports/{id} and moderation/{itemId}. Each report and each decision is one transaction with the
 * listing's own row locked, so two reports at once settle the listing's status one after the other.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { ModerationStatus } from '@flipstage/core';
import {
  AlreadyReported,
  ItemNotFound,
  type ModerationDoc,
  type ModerationStore,
  type ReportDoc,
} from '../../ports/store.js';
import { toItem, type ItemRow } from './pgliteItemRows.js';
import type { ListingWrites } from './pgliteListingWrites.js';

interface ReportRow {
  id: string;
  reporter: string;
  item_id: string;
  conversation_id: string | null;
  message_id: string | null;
  reason: string;
  counts: boolean;
  created_at: Date;
  reviewed_at: Date | null;
}

interface ModerationRow {
  item_id: string;
  owner: string;
  status: ModerationStatus;
  reason: string | null;
  decided_by: string | null;
  updated_at: Date;
}

const toReport = (row: ReportRow): ReportDoc => ({
  id: row.id,
  reporter: row.reporter,
  itemId: row.item_id,
  conversationId: row.conversation_id,
  messageId: row.message_id,
  reason: row.reason,
  counts: row.counts,
  created_at: row.created_at.toISOString(),
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
});

const toModeration = (row: ModerationRow): ModerationDoc => ({
  itemId: row.item_id,
  owner: row.owner,
  status: row.status,
  reason: row.reason,
  decidedBy: row.decided_by,
  updated_at: row.updated_at.toISOString(),
});

async function lockedItem(tx: Transaction, id: string): Promise<ItemRow> {
  const row = (await tx.query<ItemRow>('SELECT * FROM items WHERE id = $1 FOR UPDATE', [id])).rows[0];
  if (!row) throw new ItemNotFound(id);
  return row;
}

async function moderationOf(tx: Transaction, itemId: string): Promise<ModerationRow | undefined> {
  return (await tx.query<ModerationRow>('SELECT * FROM listing_moderation WHERE item_id = $1', [itemId])).rows[0];
}

async function saveModeration(tx: Transaction, doc: ModerationDoc): Promise<void> {
  await tx.query(
    `INSERT INTO listing_moderation (item_id, owner, status, reason, decided_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (item_id) DO UPDATE SET status = EXCLUDED.status, reason = EXCLUDED.reason,
       decided_by = EXCLUDED.decided_by, updated_at = EXCLUDED.updated_at`,
    [doc.itemId, doc.owner, doc.status, doc.reason, doc.decidedBy, doc.updated_at],
  );
}

/** `writes` is the item store's counter: hiding or showing a listing is a listing write. */
export function pgliteModeration(db: PGlite, writes: ListingWrites): ModerationStore {
  const addReport: ModerationStore['addReport'] = (report, rules) =>
    db.transaction(async (tx) => {
      const item = await lockedItem(tx, report.itemId);
      const inserted = await tx.query(
        `INSERT INTO reports (id, reporter, item_id, conversation_id, message_id, reason, counts, created_at, reviewed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [
          report.id,
          report.reporter,
          report.itemId,
          report.conversationId,
          report.messageId,
          report.reason,
          report.counts,
          report.created_at,
          report.reviewedAt,
        ],
      );
      if (!inserted.affectedRows) throw new AlreadyReported();
      const established = await tx.query<{ reporters: number }>(
        `SELECT count(DISTINCT reporter)::int AS reporters FROM reports
         WHERE item_id = $1 AND message_id IS NULL AND counts AND reviewed_at IS NULL`,
        [report.itemId],
      );
      const existing = await moderationOf(tx, report.itemId);
      const previous = existing?.status ?? null;
      const status = rules.afterReport(previous, established.rows[0]!.reporters);
      await saveModeration(tx, {
        itemId: item.id,
        owner: item.owner,
        status,
        reason: existing?.reason ?? null,
        decidedBy: existing?.decided_by ?? null,
        updated_at: report.created_at,
      });
      if (status !== 'hidden' || item.hidden) return { previous, status, item: toItem(item) };
      const hidden = await tx.query<ItemRow>('UPDATE items SET hidden = true WHERE id = $1 RETURNING *', [item.id]);
      return { previous, status, item: toItem(hidden.rows[0]!) };
    });

  const decideListing: ModerationStore['decideListing'] = (itemId, decision) =>
    db.transaction(async (tx) => {
      const item = await lockedItem(tx, itemId);
      const previous = (await moderationOf(tx, itemId))?.status ?? null;
      const updated = await tx.query<ItemRow>('UPDATE items SET hidden = $2 WHERE id = $1 RETURNING *', [
        itemId,
        decision.status === 'removed',
      ]);
      await tx.query('UPDATE reports SET reviewed_at = $2 WHERE item_id = $1 AND reviewed_at IS NULL', [
        itemId,
        decision.at,
      ]);
      await saveModeration(tx, {
        itemId,
        owner: item.owner,
        status: decision.status,
        reason: decision.reason,
        decidedBy: decision.by,
        updated_at: decision.at,
      });
      return { previous, item: toItem(updated.rows[0]!) };
    });

  return {
    addReport: writes.counted((report) => report.itemId, addReport),
    decideListing: writes.counted((itemId) => itemId, decideListing),

    async reviewQueue(limit) {
      const listed = await db.query<ItemRow & { moderation: ModerationRow }>(
        `SELECT i.*, to_jsonb(m) AS moderation FROM listing_moderation m JOIN items i ON i.id = m.item_id
         WHERE m.status IN ('pending', 'hidden') ORDER BY m.updated_at DESC, m.item_id LIMIT $1`,
        [limit],
      );
      const ids = listed.rows.map((row) => row.id);
      const reports = await db.query<ReportRow>(
        `SELECT * FROM reports WHERE item_id = ANY($1) AND reviewed_at IS NULL ORDER BY created_at, id`,
        [ids],
      );
      return listed.rows.map(({ moderation, ...row }) => ({
        // to_jsonb gives the instant as text, not as the Date a column would be.
        moderation: toModeration({ ...moderation, updated_at: new Date(moderation.updated_at) }),
        item: toItem(row),
        reports: reports.rows.filter((report) => report.item_id === row.id).map(toReport),
      }));
    },

    async moderatedListings(owner) {
      const result = await db.query<ModerationRow>(
        `SELECT * FROM listing_moderation WHERE owner = $1 AND status IN ('hidden', 'removed') ORDER BY updated_at DESC`,
        [owner],
      );
      return result.rows.map(toModeration);
    },
  };
}
