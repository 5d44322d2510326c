/** The signed-in user's own image edits, newest first. */
import type { ImageEdit } from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor } from './cursor.js';

export async function listImageEdits(
  store: Store,
  uid: string,
  cursor: string | undefined,
): Promise<{ data: ImageEdit[]; nextCursor: string | null }> {
  const page = await store.listImageEdits(uid, decodeCursor(cursor), DEFAULT_PAGE_SIZE);
  return { data: page.data, nextCursor: encodeCursor(page.next) };
}
