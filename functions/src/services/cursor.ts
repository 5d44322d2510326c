/** Opaque page cursors: the last row's position, base64url-encoded. */
import { cursorPositionSchema, MESSAGES } from '@flipstage/core';
import type { PageAfter } from '../ports/store.js';
import { invalid } from './errors.js';

export const DEFAULT_PAGE_SIZE = 12;

/** What an opaque cursor holds, undefined when none was given; text that is not one is a 400. */
export function cursorValue(cursor: string | undefined): unknown {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw invalid(MESSAGES.invalidCursor);
  }
}

export function encodeCursor(after: PageAfter | null): string | null {
  return after ? Buffer.from(JSON.stringify([after.createdAt, after.id])).toString('base64url') : null;
}

/**
 * Only a position the store itself could have handed out: a date JavaScript parses may still be
 * one Postgres refuses ("1", the year 275760), so the schema accepts only the stored form.
 */
export function decodeCursor(cursor: string | undefined): PageAfter | null {
  const value = cursorValue(cursor);
  if (value === undefined) return null;
  const parsed = cursorPositionSchema.safeParse(value);
  if (!parsed.success) throw invalid(MESSAGES.invalidCursor);
  const [createdAt, id] = parsed.data;
  return { createdAt, id };
}
