/** Browsing and searching listings (DESIGN §4): tokens from searchTokens, opaque cursors. */
import type { ItemsPage } from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor.js';
import { toItem } from './marketplace.js';
import { queryTokens } from './searchTokens.js';

/** `search`, `tag` and `cursor` arrive checked against core's itemsQuerySchema. */
export async function searchItems(
  deps: { store: Store },
  query: { search?: string; tag?: string; cursor?: string; viewer: string | null; limit?: number },
): Promise<ItemsPage> {
  const tag = query.tag?.trim().toLowerCase() || null;
  const page = await deps.store.searchItems({
    tokens: queryTokens(query.search),
    tag,
    viewer: query.viewer,
    after: decodeCursor(query.cursor),
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
  });
  return { data: page.data.map(toItem), nextCursor: encodeCursor(page.next) };
}
