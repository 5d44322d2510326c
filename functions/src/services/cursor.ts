/** Opaque page cursors: the last row's position, base64url-encoded. */
import { MESSAGES } from '@flipstage/core';
import type { PageAfter } from '../ports.js';
import { invalid } from './errors.js';

export const DEFAULT_PAGE_SIZE = 12;

export function encodeCursor(after: PageAfter | null): string | null {
  return after ? Buffer.from(JSON.stringify([after.createdAt, after.id])).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): PageAfter | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [createdAt, id] = value as unknown[];
      if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)) && id) {
        return { createdAt, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw invalid(MESSAGES.invalidCursor);
}
