import { MAX_INPUT_BYTES, MESSAGES } from '@flipstage/core';
import type { StageFailure } from './studioState';

/** fetch's own failure: the request got no answer at all (offline, dropped, refused). */
export const NO_ANSWER = 'The server did not answer: the connection may have dropped before the photo was staged.';
export const NO_CREDIT_USED = 'No credit was used.';
/** A request that may have been staged before its answer was lost: honest about it, and about Retry. */
export const MAYBE_STAGED =
  'If the server staged the photo before the answer was lost, Retry shows that result without using another credit.';

/** Statuses after which the same request may well succeed: a timeout, busy, a server or gateway failure. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * What a status says when its body said nothing a seller can read: core's `HTTP error! status: N`,
 * or a proxy's HTML page (Cloud Functions refuse a body over 32 MB before the app sees it).
 */
function messageForBareStatus(status: number): string {
  if (status === 413) return MESSAGES.photoTooLarge(Math.floor(MAX_INPUT_BYTES / 2 ** 20));
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status >= 500) return MESSAGES.internalError;
  return MESSAGES.unknownProcessingError;
}

function unreadable(message: string, status: number): boolean {
  return message === MESSAGES.httpError(status) || message.trimStart().startsWith('<');
}

function statusOf(error: unknown): number | null {
  return error instanceof Error && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

/**
 * What a failed staging tells the seller, from the error the backend driver threw: the server's
 * own message, and whether Retry can help. An error without a status never got an answer.
 */
export function stageFailureOf(error: unknown): StageFailure {
  const status = statusOf(error);
  // fetch rejects with a TypeError ("Failed to fetch", "Load failed") when nothing answered.
  if (error instanceof TypeError && status === null) return { message: NO_ANSWER, retryable: true };
  const said = error instanceof Error && error.message ? error.message : MESSAGES.unknownProcessingError;
  const message = status !== null && unreadable(said, status) ? messageForBareStatus(status) : said;
  return { message, retryable: status === null || retryableStatus(status) };
}

/** Busy answers the server gives before it debits anything (fair use, upload slots). */
const UNCHARGED_BUSY: ReadonlySet<string> = new Set([MESSAGES.tooManyRequests, MESSAGES.serverBusy]);

/**
 * What the failure means for the seller's credits, or null when the message says it already.
 * A refusal (not furniture, too large, no credits, busy) is never charged: the server refuses
 * before it debits, or refunds. Only an answer lost on the way leaves it open, and Retry resends
 * the same Idempotency-Key, so the server replays that result instead of charging again.
 */
export function creditNote(failure: StageFailure): string | null {
  if (/no credit was used|credit was refunded/i.test(failure.message)) return null;
  if (!failure.retryable || UNCHARGED_BUSY.has(failure.message)) return NO_CREDIT_USED;
  return MAYBE_STAGED;
}
