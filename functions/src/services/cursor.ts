/** Opaque page cursors: the last row's position, base64url-encoded. */
import { cursorPositionSchema, MESSAGES } from '@flipstage/core';
import type { PageAfter } from '../ports/store.js';
import { invalid } from './errors.js';

export const DEFAULT_PAGE_SIZE = 12;

export function encodeCursor(after: PageAfter | null): string | null {
  return after ? Buffer.from(JSON.stringify([after.createdAt, after.id])).toString('base64url') : null;
}

/**
 * Only a position the store itself could have handed out: a date JavaScript parses may still be
 * one Postgres refuses ("1", the year 275760), so the schema accepts only the stored form.
 */
export function decodeCursor(cursor: string | undefined): PageAfter | null {
  if (cursor === undefined || cursor === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(MESSAGES.invalidCursor);
  }
  const parsed = cursorPositionSchema.safeParse(value);
  if (!parsed.success) throw invalid(MESSAGES.invalidCursor);
  const [createdAt, id] = parsed.data;
  return { createdAt, id };
}
