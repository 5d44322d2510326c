import type { ApiErrorCode } from '@flipstage/core';

/** A non-OK answer from the FlipStage API, with the message core's client rule extracts (spec §7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The wait a Retry-After header asked for, in ms, when the server sent one. */
    readonly retryAfterMs?: number,
    /** Why a photo was refused, when the server says in a way a client can act on (422s). */
    readonly code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to check when the API does not answer at all. */
export const UNREACHABLE_ADVICE =
  'Check that the server is running (local mode: `npm start`) and that FLIPSTAGE_API, or the --api given at login, points at it.';

/** The request never got an HTTP answer (refused, reset, timed out). */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/**
 * The API answered 2xx with a body its contract does not describe: FLIPSTAGE_API points at
 * something else, or at a server of another version. Not retried: it would answer the same.
 */
export class UnexpectedResponseError extends Error {
  constructor(path: string, detail: string) {
    super(
      `The API's answer to ${path} is not what this CLI expects (${detail}). Check that FLIPSTAGE_API, or the --api given at login, points at a FlipStage server of the same version.`,
    );
    this.name = 'UnexpectedResponseError';
  }
}

/**
 * The server refused this request for good (bad image, no credits, …) and charged nothing, so
 * the next try may use a new idempotency key. After a 5xx or 409 the outcome is unknown and the
 * key is kept: the API refunds a failed attempt and forgets its key, so reusing it is always safe.
 */
export function isDefinitiveFailure(status: number): boolean {
  return status >= 400 && status < 500 && ![408, 409, 429].includes(status);
}
