/**
 * The books on PGlite (issue 42): pieces and piece_costs, the same fields as Firestore's
 * pieces/{id} and pieces/{id}/costs/{id}. The dashboard adds each piece's costs up in SQL and runs
 * core's summariseBooks over the pieces' contributions: one query, whatever the number of pieces.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  contributionOf,
  DEFAULT_BOOK_CURRENCY,
  summariseBooks,
  type BookCurrency,
  type CostLine,
  type CostLineFields,
  type Piece,
  type PieceFields,
} from '@flipstage/core';
import { PieceNotFound, type PieceStore } from '../../ports/pieces.js';

interface PieceRow {
  id: string;
  owner: string;
  name: string;
  furniture_type: Piece['furnitureType'];
  style: Piece['style'];
  bought_from: string | null;
  bought_on: string | null;
  purchase_cents: number;
  hours_hundredths: number;
  status: Piece['status'];
  listing_id: string | null;
  staging_ids: string[];
  sale_cents: number | null;
  sale_channel: string | null;
  sold_on: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

interface CostRow {
  id: string;
  piece_id: string;
  owner: string;
  category: CostLine['category'];
  amount_cents: number;
  note: string;
  created_at: Date;
}

const toPiece = (row: PieceRow): Piece => ({
  id: row.id,
  owner: row.owner,
  name: row.name,
  furnitureType: row.furniture_type,
  style: row.style,
  boughtFrom: row.bought_from,
  boughtOn: row.bought_on,
  purchaseCents: row.purchase_cents,
  hours: row.hours_hundredths / 100,
  status: row.status,
  listingId: row.listing_id,
  stagingIds: row.staging_ids,
  saleCents: row.sale_cents,
  saleChannel: row.sale_channel,
  soldOn: row.sold_on,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  deletedAt: row.deleted_at?.toISOString() ?? null,
});

const toCost = (row: CostRow): CostLine => ({
  id: row.id,
  pieceId: row.piece_id,
  owner: row.owner,
  category: row.category,
  amountCents: row.amount_cents,
  note: row.note,
  created_at: row.created_at.toISOString(),
});

/** The fields' columns, in the order of fieldValues. */
const FIELD_COLUMNS = [
  'name',
  'furniture_type',
  'style',
  'bought_from',
  'bought_on',
  'purchase_cents',
  'hours_hundredths',
  'status',
  'listing_id',
  'staging_ids',
  'sale_cents',
  'sale_channel',
  'sold_on',
] as const;

const fieldValues = (f: PieceFields) => [
  f.name,
  f.furnitureType,
  f.style,
  f.boughtFrom,
  f.boughtOn,
  f.purchaseCents,
  Math.round(f.hours * 100),
  f.status,
  f.listingId,
  f.stagingIds,
  f.saleCents,
  f.saleChannel,
  f.soldOn,
];

type Queryable = PGlite | Transaction;

async function insertPiece(db: Queryable, owner: string, fields: PieceFields, at: string): Promise<Piece> {
  const values = fieldValues(fields);
  const placeholders = values.map((_, i) => `$${i + 3}`).join(', ');
  const rows = await db.query<PieceRow>(
    `INSERT INTO pieces (id, owner, ${FIELD_COLUMNS.join(', ')}, created_at, updated_at, deleted_at)
     VALUES ($1, $2, ${placeholders}, $${values.length + 3}, $${values.length + 3}, NULL) RETURNING *`,
    [randomUUID(), owner, ...values, at],
  );
  return toPiece(rows.rows[0]!);
}

async function insertCost(db: Queryable, owner: string, pieceId: string, fields: CostLineFields, at: string) {
  const rows = await db.query<CostRow>(
    `INSERT INTO piece_costs (id, piece_id, owner, category, amount_cents, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [randomUUID(), pieceId, owner, fields.category, fields.amountCents, fields.note, at],
  );
  return toCost(rows.rows[0]!);
}

/** The owner's piece not deleted, or PieceNotFound: cost lines hang only from a live piece. */
async function livePiece(db: Queryable, owner: string, id: string): Promise<void> {
  const rows = await db.query('SELECT 1 FROM pieces WHERE id = $1 AND owner = $2 AND deleted_at IS NULL', [id, owner]);
  if (rows.rows.length === 0) throw new PieceNotFound(id);
}

/** What a piece's contribution needs of its row. */
interface SummaryRow {
  id: string;
  purchase_cents: number;
  sale_cents: number | null;
  status: Piece['status'];
  bought_on: string | null;
  sold_on: string | null;
  furniture_type: Piece['furnitureType'];
  updated_at: Date;
}

export function pglitePieces(db: PGlite): PieceStore {
  async function costsOf(owner: string, pieceIds: string[]): Promise<Map<string, CostLine[]>> {
    const rows = await db.query<CostRow>(
      'SELECT * FROM piece_costs WHERE owner = $1 AND piece_id = ANY($2) ORDER BY created_at, id',
      [owner, pieceIds],
    );
    const byPiece = new Map<string, CostLine[]>();
    for (const row of rows.rows) byPiece.set(row.piece_id, [...(byPiece.get(row.piece_id) ?? []), toCost(row)]);
    return byPiece;
  }

  const store: PieceStore = {
    async listPieces(owner) {
      const rows = await db.query<PieceRow>(
        'SELECT * FROM pieces WHERE owner = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id',
        [owner],
      );
      return rows.rows.map(toPiece);
    },

    async listDeletedPieces(owner, since) {
      const rows = await db.query<PieceRow>(
        'SELECT * FROM pieces WHERE owner = $1 AND deleted_at >= $2 ORDER BY deleted_at DESC, id',
        [owner, since],
      );
      return rows.rows.map(toPiece);
    },

    async getPiece(owner, id) {
      const rows = await db.query<PieceRow>(
        'SELECT * FROM pieces WHERE id = $1 AND owner = $2 AND deleted_at IS NULL',
        [id, owner],
      );
      const row = rows.rows[0];
      if (!row) return null;
      return { piece: toPiece(row), costs: (await costsOf(owner, [id])).get(id) ?? [] };
    },

    createPiece: (owner, fields, at) => insertPiece(db, owner, fields, at),

    async updatePiece(owner, id, fields, at) {
      const values = fieldValues(fields);
      const sets = FIELD_COLUMNS.map((column, i) => `${column} = $${i + 4}`).join(', ');
      const rows = await db.query<PieceRow>(
        `UPDATE pieces SET ${sets}, updated_at = $3
         WHERE id = $1 AND owner = $2 AND deleted_at IS NULL RETURNING *`,
        [id, owner, at, ...values],
      );
      if (!rows.rows[0]) throw new PieceNotFound(id);
      return toPiece(rows.rows[0]);
    },

    async setDeleted(owner, id, deletedAt, at) {
      const rows = await db.query<PieceRow>(
        'UPDATE pieces SET deleted_at = $3, updated_at = $4 WHERE id = $1 AND owner = $2 RETURNING *',
        [id, owner, deletedAt, at],
      );
      if (!rows.rows[0]) throw new PieceNotFound(id);
      return toPiece(rows.rows[0]);
    },

    async addCost(owner, pieceId, fields, at) {
      return db.transaction(async (tx) => {
        await livePiece(tx, owner, pieceId);
        return insertCost(tx, owner, pieceId, fields, at);
      });
    },

    async updateCost(owner, pieceId, costId, fields) {
      return db.transaction(async (tx) => {
        await livePiece(tx, owner, pieceId);
        const rows = await tx.query<CostRow>(
          `UPDATE piece_costs SET category = $4, amount_cents = $5, note = $6
           WHERE id = $1 AND piece_id = $2 AND owner = $3 RETURNING *`,
          [costId, pieceId, owner, fields.category, fields.amountCents, fields.note],
        );
        if (!rows.rows[0]) throw new PieceNotFound(costId);
        return toCost(rows.rows[0]);
      });
    },

    async removeCost(owner, pieceId, costId) {
      await db.transaction(async (tx) => {
        await livePiece(tx, owner, pieceId);
        const rows = await tx.query('DELETE FROM piece_costs WHERE id = $1 AND piece_id = $2 AND owner = $3 RETURNING id', [
          costId,
          pieceId,
          owner,
        ]);
        if (rows.rows.length === 0) throw new PieceNotFound(costId);
      });
    },

    async exportPieces(owner) {
      const pieces = await store.listPieces(owner);
      const costs = await costsOf(
        owner,
        pieces.map((p) => p.id),
      );
      return pieces.map((piece) => ({ piece, costs: costs.get(piece.id) ?? [] }));
    },

    async importPieces(owner, rows, at) {
      // One transaction: a failing row leaves none of the others behind.
      await db.transaction(async (tx) => {
        for (const row of rows) {
          const piece = await insertPiece(tx, owner, row.piece, at);
          for (const cost of row.costs) await insertCost(tx, owner, piece.id, cost, at);
        }
      });
      return rows.length;
    },

    async summary(owner, today) {
      // Two scans of one table each, joined here by id: no join for the planner to misjudge on
      // tables PGlite has not analysed since a big import (it has no autovacuum). 5,000 pieces and
      // 20,000 cost lines well within the dashboard's 300 ms (npm run bench:books).
      const [pieces, sums, currency] = await Promise.all([
        db.query<SummaryRow>(
          `SELECT id, purchase_cents, sale_cents, status, bought_on, sold_on, furniture_type, updated_at
           FROM pieces WHERE owner = $1 AND deleted_at IS NULL`,
          [owner],
        ),
        db.query<{ piece_id: string; fees: boolean; cents: number }>(
          `SELECT piece_id, category = 'fees' AS fees, SUM(amount_cents)::integer AS cents
           FROM piece_costs WHERE owner = $1 GROUP BY piece_id, category = 'fees'`,
          [owner],
        ),
        store.currency(owner),
      ]);
      const costs = new Map<string, Array<{ category: 'materials' | 'fees'; amountCents: number }>>();
      for (const sum of sums.rows) {
        const line = { category: sum.fees ? ('fees' as const) : ('materials' as const), amountCents: sum.cents };
        costs.set(sum.piece_id, [...(costs.get(sum.piece_id) ?? []), line]);
      }
      const contributions = pieces.rows.map((row) => {
        const piece = {
          purchaseCents: row.purchase_cents,
          saleCents: row.sale_cents,
          status: row.status,
          boughtOn: row.bought_on,
          soldOn: row.sold_on,
          furnitureType: row.furniture_type,
        };
        return contributionOf(piece, costs.get(row.id) ?? [], row.updated_at.toISOString());
      });
      return summariseBooks(contributions, today, currency);
    },

    async currency(owner) {
      const rows = await db.query<{ currency: BookCurrency }>('SELECT currency FROM book_settings WHERE owner = $1', [owner]);
      return rows.rows[0]?.currency ?? DEFAULT_BOOK_CURRENCY;
    },

    async setCurrency(owner, currency) {
      await db.query(
        `INSERT INTO book_settings (owner, currency) VALUES ($1, $2)
         ON CONFLICT (owner) DO UPDATE SET currency = EXCLUDED.currency`,
        [owner, currency],
      );
    },

    async reserveListing(owner, listingId, reserved, at) {
      const [from, to] = reserved ? ['listed', 'reserved'] : ['reserved', 'listed'];
      const rows = await db.query(
        `UPDATE pieces SET status = $4, updated_at = $5
         WHERE owner = $1 AND listing_id = $2 AND deleted_at IS NULL AND status = $3 RETURNING id`,
        [owner, listingId, from, to, at],
      );
      return rows.rows.length;
    },

    async sellListing(owner, listingId, sale, at) {
      const rows = await db.query(
        `UPDATE pieces SET status = 'sold', sale_cents = $3, sale_channel = $4, sold_on = $5, updated_at = $6
         WHERE owner = $1 AND listing_id = $2 AND deleted_at IS NULL AND status NOT IN ('sold', 'picked-up')
         RETURNING id`,
        [owner, listingId, sale.saleCents, sale.saleChannel, sale.soldOn, at],
      );
      return rows.rows.length;
    },

    async purgeDeleted(before) {
      // The cost lines go with their piece (ON DELETE CASCADE).
      const rows = await db.query('DELETE FROM pieces WHERE deleted_at < $1 RETURNING id', [before]);
      return rows.rows.length;
    },
  };
  return store;
}
