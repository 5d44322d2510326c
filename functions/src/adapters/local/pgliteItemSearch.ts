/**
 * Listing search on PGlite (issue 25), with the meaning core's search terms give it everywhere:
 * every term of `all` among the item's keywords (`@>`, the GIN index), one of the typed word's
 * terms (`&&`), a price range, and the order from a partial btree index over listed items. A
 * signed-in viewer's own sold items are a second, owner-indexed arm of a UNION ALL, so the listed
 * arm keeps its index. Keywords written under an older SEARCH_TERMS_VERSION are recomputed before
 * the first search of the process.
 */
import type { PGlite } from '@electric-sql/pglite';
import { itemTerms, positionOf, SEARCH_TERMS_VERSION, type ItemPosition, type ItemSort } from '@flipstage/core';
import type { ItemQuery, ItemStore } from '../../ports/store.js';
import { toItem, type ItemRow } from './pgliteItemRows.js';

/** Each order, and the rows after a position in it (`add` binds a value and returns its placeholder). */
const ORDER: Record<ItemSort, { by: string; after: (p: ItemPosition, add: (value: unknown) => string) => string }> = {
  newest: {
    by: 'created_at DESC, id DESC',
    after: (p, add) => `(created_at, id) < (${add(p.createdAt)}::timestamptz, ${add(p.id)}::text)`,
  },
  'price-asc': { by: 'price ASC, id ASC', after: (p, add) => `(price, id) > (${add(p.price)}::double precision, ${add(p.id)}::text)` },
  'price-desc': { by: 'price DESC, id DESC', after: (p, add) => `(price, id) < (${add(p.price)}::double precision, ${add(p.id)}::text)` },
};

/**
 * Every column but keywords, which only the WHERE clause needs: a listing's few hundred terms
 * would be most of what each row sends back. The page's items carry no keywords (the API never shows them).
 */
const COLUMNS = `id, title, description, price, tags, images, thumbs, owner, state, ai_staged, '{}'::text[] AS keywords,
  created_at, updated_at, condition, dimensions, pickup_area, delivery, vintage, style, furniture_type, reserved, variants, hidden,
  seller_name, seller_since`;

const BACKFILL_BATCH = 500;
const backfills = new WeakMap<PGlite, Promise<void>>();

/** Recomputes the keywords of items stored under an older version of the terms. */
export async function backfillItemTerms(db: PGlite): Promise<number> {
  let updated = 0;
  for (;;) {
    const rows = (
      await db.query<Pick<ItemRow, 'id' | 'title' | 'description' | 'tags' | 'style' | 'furniture_type' | 'condition' | 'pickup_area'>>(
        `SELECT id, title, description, tags, style, furniture_type, condition, pickup_area FROM items
         WHERE terms_version IS NULL OR terms_version < $1 LIMIT ${BACKFILL_BATCH}`,
        [SEARCH_TERMS_VERSION],
      )
    ).rows;
    if (rows.length === 0) return updated;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const keywords = itemTerms({ ...row, furnitureType: row.furniture_type, pickupArea: row.pickup_area });
        await tx.query('UPDATE items SET keywords = $2, terms_version = $3 WHERE id = $1', [row.id, keywords, SEARCH_TERMS_VERSION]);
      }
    });
    updated += rows.length;
  }
}

function where(query: ItemQuery, params: unknown[]): string[] {
  const add = (value: unknown) => `$${params.push(value)}`;
  const filters: string[] = [];
  if (query.terms.all.length > 0) filters.push(`keywords @> ${add(query.terms.all)}::text[]`);
  if (query.terms.last) filters.push(`keywords && ${add(query.terms.last)}::text[]`);
  if (query.minPrice !== null) filters.push(`price >= ${add(query.minPrice)}`);
  if (query.maxPrice !== null) filters.push(`price <= ${add(query.maxPrice)}`);
  if (query.after) filters.push(ORDER[query.sort].after(query.after, add));
  return filters;
}

export async function searchPgliteItems(db: PGlite, query: ItemQuery): ReturnType<ItemStore['searchItems']> {
  let backfill = backfills.get(db);
  if (!backfill) backfills.set(db, (backfill = backfillItemTerms(db).then(() => undefined)));
  await backfill;
  const params: unknown[] = [query.limit + 1];
  const common = where(query, params);
  const order = ORDER[query.sort].by;
  const listed = ["state = 'active'", 'NOT hidden', ...common].join(' AND ');
  let sql = `SELECT ${COLUMNS} FROM items WHERE ${listed} ORDER BY ${order} LIMIT $1`;
  if (query.viewer !== null) {
    const own = ["owner = $" + params.push(query.viewer), "state = 'sold'", 'NOT hidden', ...common].join(' AND ');
    sql = `(${sql}) UNION ALL (SELECT ${COLUMNS} FROM items WHERE ${own} ORDER BY ${order} LIMIT $1) ORDER BY ${order} LIMIT $1`;
  }
  const rows = (await db.query<ItemRow>(sql, params)).rows.map(toItem);
  const data = rows.slice(0, query.limit);
  const last = data[data.length - 1];
  return { data, next: rows.length > query.limit && last ? positionOf(last) : null };
}
