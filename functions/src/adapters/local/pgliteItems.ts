/** Marketplace listings on PGlite: items rows, searched through GIN indexes on keywords and tags. */
import type { PGlite } from '@electric-sql/pglite';
import { searchPgliteItems } from './pgliteItemSearch.js';
import { toItem, type ItemRow } from './pgliteItemRows.js';
import type { ListingWrites } from './pgliteListingWrites.js';
import { ItemAlreadyExists, ItemNotFound, NotItemOwner, type ItemStore, type Page } from '../../ports/store.js';

/** `rows` were read with one row past the page, which tells whether another page follows. */
export function pageOf<T extends { id: string; created_at: string }>(rows: T[], limit: number): Page<T> {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next: rows.length > limit && last ? { createdAt: last.created_at, id: last.id } : null };
}

/** `writes` counts every listing write, this store's and the moderation store's (pgliteStore.ts shares one). */
export function pgliteItems(db: PGlite, writes: ListingWrites): ItemStore {
  const items: Omit<ItemStore, 'listingsVersion'> = {
    async createItem(item) {
      const inserted = await db.query(
        `INSERT INTO items (id, title, description, price, tags, images, thumbs, owner, state, ai_staged, keywords, created_at, updated_at,
           condition, dimensions, pickup_area, delivery, style, furniture_type, reserved, variants, hidden, seller_name, seller_since, vintage)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
         ON CONFLICT (id) DO NOTHING`,
        [
          item.id,
          item.title,
          item.description,
          item.price,
          item.tags,
          item.images,
          item.thumbs,
          item.owner,
          item.state,
          item.aiStaged,
          item.keywords,
          item.created_at,
          item.updated_at,
          item.condition,
          item.dimensions === null ? null : JSON.stringify(item.dimensions),
          item.pickupArea,
          item.delivery,
          item.style,
          item.furnitureType,
          item.reserved,
          JSON.stringify(item.variants),
          item.hidden,
          item.sellerName,
          item.sellerSince,
          item.vintage,
        ],
      );
      if (inserted.affectedRows === 0) throw new ItemAlreadyExists(item.id);
      return item;
    },

    async getItem(id) {
      const row = (await db.query<ItemRow>('SELECT * FROM items WHERE id = $1', [id])).rows[0];
      return row ? toItem(row) : null;
    },

    updateItem(id, owner, patch) {
      return db.transaction(async (tx) => {
        const row = (await tx.query<ItemRow>('SELECT * FROM items WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) throw new ItemNotFound(id);
        if (row.owner !== owner) throw new NotItemOwner(id);
        const result = await tx.query<ItemRow>(
          `UPDATE items SET title = $2, description = $3, price = $4, tags = $5, state = $6, keywords = $7, updated_at = $8,
             images = COALESCE($9, images), thumbs = COALESCE($10, thumbs), ai_staged = COALESCE($11, ai_staged),
             variants = COALESCE($12, variants), condition = $13, dimensions = $14, pickup_area = $15, delivery = $16,
             style = $17, furniture_type = $18, seller_name = $19, seller_since = $20, vintage = $21
           WHERE id = $1 RETURNING *`,
          [
            id,
            patch.title,
            patch.description,
            patch.price,
            patch.tags,
            patch.state,
            patch.keywords,
            patch.updated_at,
            patch.images ?? null,
            patch.thumbs ?? null,
            patch.aiStaged ?? null,
            patch.variants === undefined ? null : JSON.stringify(patch.variants),
            patch.condition,
            patch.dimensions === null ? null : JSON.stringify(patch.dimensions),
            patch.pickupArea,
            patch.delivery,
            patch.style,
            patch.furnitureType,
            patch.sellerName,
            patch.sellerSince,
            patch.vintage,
          ],
        );
        return toItem(result.rows[0]!);
      });
    },

    searchItems: (query) => searchPgliteItems(db, query),

    setListingStatus(id, owner, status) {
      return db.transaction(async (tx) => {
        const row = (await tx.query<ItemRow>('SELECT owner FROM items WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) throw new ItemNotFound(id);
        if (row.owner !== owner) throw new NotItemOwner(id);
        const result = await tx.query<ItemRow>(
          'UPDATE items SET state = $2, reserved = $3, updated_at = now() WHERE id = $1 RETURNING *',
          [id, status.state, status.reserved],
        );
        return toItem(result.rows[0]!);
      });
    },

    deleteItem(id, owner) {
      return db.transaction(async (tx) => {
        const row = (await tx.query<ItemRow>('SELECT * FROM items WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) throw new ItemNotFound(id);
        if (row.owner !== owner) throw new NotItemOwner(id);
        await tx.query('DELETE FROM items WHERE id = $1', [id]);
        // Nothing is left to review: the listing leaves the moderators' queue with it.
        await tx.query('DELETE FROM listing_moderation WHERE item_id = $1', [id]);
        return toItem(row);
      });
    },

    async listItemsByOwner(owner, { includeUnlisted, after, limit }) {
      // items_by_owner (owner, created_at DESC, id DESC) serves both: the public filter only drops rows.
      const result = await db.query<ItemRow>(
        `SELECT * FROM items
         WHERE owner = $1 AND ($2 OR (state = 'active' AND NOT hidden))
           AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::text))
         ORDER BY created_at DESC, id DESC LIMIT $5`,
        [owner, includeUnlisted, after?.createdAt ?? null, after?.id ?? '', limit + 1],
      );
      return pageOf(result.rows.map(toItem), limit);
    },

    async soldPrices({ furnitureType, style, condition }, limit) {
      // items_sold_by_type (furniture_type, updated_at DESC) WHERE state = 'sold' serves it.
      const result = await db.query<{ price: number }>(
        `SELECT price FROM items
         WHERE state = 'sold' AND NOT hidden AND furniture_type = $1
           AND ($2::text IS NULL OR style = $2) AND ($3::text IS NULL OR condition = $3)
         ORDER BY updated_at DESC LIMIT $4`,
        [furnitureType, style ?? null, condition ?? null, limit],
      );
      return result.rows.map((row) => Number(row.price));
    },
  };

  const first = (...args: [string, ...unknown[]]) => args[0];
  return {
    ...items,
    createItem: writes.counted((item) => item.id, items.createItem),
    updateItem: writes.counted(first, items.updateItem),
    setListingStatus: writes.counted(first, items.setListingStatus),
    deleteItem: writes.counted(first, items.deleteItem),
    listingsVersion: (id) => writes.version(id),
  };
}
