import type { ApiErrorCode } from '@flipstage/core';
import { ApiError } from '../api/apiError.js';
import { MARK_EXAMPLES } from './mark.js';

/**
 * The refusals (422) a seller acts on rather than retries: the photo is skipped, and the server
 * charges nothing for it. Any other refusal is a plain failure.
 */
export type RefusalCode = Extract<ApiErrorCode, 'unsure-subject' | 'not-furniture'>;

/** What the contact sheet and the progress lines call each refusal. */
export const REFUSAL_STATUS = {
  'unsure-subject': 'mark the piece',
  'not-furniture': 'not furniture',
} as const satisfies Record<RefusalCode, string>;

export type RefusalStatus = (typeof REFUSAL_STATUS)[RefusalCode];

/** How to mark the piece from the terminal, where the web app's "tap the piece" cannot be done. */
export const MARK_HINT = `Mark it in a --manifest CSV: a row with the photo's file and a box column, x,y,width,height of the piece as fractions of the photo, e.g. ${MARK_EXAMPLES.box}. Then run the same command again.`;

export function refusalCode(error: unknown): RefusalCode | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.code === 'unsure-subject' || error.code === 'not-furniture' ? error.code : null;
}
