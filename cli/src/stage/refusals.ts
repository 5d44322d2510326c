import type { ApiErrorCode } from '@flipstage/core';
import { ApiError } from '../api/apiError.js';

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
export const MARK_HINT =
  'Mark it in a --manifest CSV: a row with the photo\'s file and a box column holding the piece\'s x,y,width,height from the top-left corner, as fractions of the photo ("0.1,0.2,0.6,0.7") or in pixels ("120,80,900,700 px"). Then run the same command again; `flipstage stage --help` shows an example.';

export function refusalCode(error: unknown): RefusalCode | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.code === 'unsure-subject' || error.code === 'not-furniture' ? error.code : null;
}
