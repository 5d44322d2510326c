/** A non-OK answer from the FlipStage API, with the message core's client rule extracts (spec §7). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds from a Retry-After header, when the server sent one. */
    readonly retryAfterSeconds?: number,
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
 * Worth another try with the same key: 429 and 5xx, and 409, which the API answers while an
 * earlier request with the same Idempotency-Key is still staging (a resumed run).
 */
export function isRetryableStatus(status: number): boolean {
  return status === 409 || status === 429 || status >= 500;
}

/**
 * The server refused this request for good (bad image, no credits, …) and charged nothing, so
 * the next try may use a new idempotency key. After a 5xx or 409 the outcome is unknown and the
 * key is kept: the API refunds a failed attempt and forgets its key, so reusing it is always safe.
 */
export function isDefinitiveFailure(status: number): boolean {
  return status >= 400 && status < 500 && ![408, 409, 429].includes(status);
}

export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
