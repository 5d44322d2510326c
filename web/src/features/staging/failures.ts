import { MESSAGES } from '@flipstage/core';
import type { StageFailure } from './studioState';

/** Statuses after which the same request may well succeed: a timeout, busy, a server or gateway failure. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * What a failed staging tells the seller, from the error the backend driver threw: the server's
 * own message, and whether Retry can help. An error without a status never got an answer.
 */
export function stageFailureOf(error: unknown): StageFailure {
  const status = error instanceof Error && 'status' in error && typeof error.status === 'number' ? error.status : null;
  const message = error instanceof Error && error.message ? error.message : MESSAGES.unknownProcessingError;
  return { message, retryable: status === null || retryableStatus(status) };
}
