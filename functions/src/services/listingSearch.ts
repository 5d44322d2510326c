/**
 * Browsing and searching listings (DESIGN §4, issue 25): the query's words and filters become
 * core's search terms, matched against each item's stored keywords; pages follow opaque cursors
 * that carry the last item's date, price and id, so every sort can continue from them.
 */
import { cursorPositionSchema, ITEM_PAGE_SIZE, MESSAGES, searchTerms, type ItemPosition, type ItemsPage, type ItemsQuery } from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { cursorValue } from './cursor.js';
import { invalid } from './errors.js';
import { toItem } from './marketplace.js';

export function encodeSearchCursor(after: ItemPosition | null): string | null {
  return after ? Buffer.from(JSON.stringify([after.createdAt, after.id, after.price])).toString('base64url') : null;
}

/** Only a position the store could have handed out (see cursor.ts), plus a price. */
export function decodeSearchCursor(cursor: string | undefined): ItemPosition | null {
  const value = cursorValue(cursor);
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length !== 3) throw invalid(MESSAGES.invalidCursor);
  const position = cursorPositionSchema.safeParse(value.slice(0, 2));
  const price: unknown = value[2];
  if (!position.success || typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
    throw invalid(MESSAGES.invalidCursor);
  }
  const [createdAt, id] = position.data;
  return { createdAt, id, price };
}

/** `query` arrives checked against core's itemsQuerySchema. */
export async function searchItems(
  deps: { store: Store },
  query: ItemsQuery & { viewer: string | null; limit?: number },
): Promise<ItemsPage> {
  const page = await deps.store.searchItems({
    terms: searchTerms({ ...query }),
    minPrice: query.min,
    maxPrice: query.max,
    sort: query.sort,
    viewer: query.viewer,
    after: decodeSearchCursor(query.cursor),
    limit: query.limit ?? ITEM_PAGE_SIZE,
  });
  return { data: page.data.map(toItem), nextCursor: encodeSearchCursor(page.next) };
}
