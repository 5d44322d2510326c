import type { ApiErrorCode } from '@flipstage/core';

/**
 * Failures a service reports to its caller. The HTTP layer maps each kind to a status; the
 * message is safe to show to users (DESIGN §4).
 */
export type FailureKind =
  | 'invalid'
  | 'unauthenticated'
  | 'no-credits'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unprocessable'
  | 'rate-limited'
  | 'unavailable';

export class ServiceError extends Error {
  /** For 429 and 503: when the client may try again (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;
  /** For a refused photo: what the client can do about it (core's API_ERROR_CODES). */
  readonly code: ApiErrorCode | undefined;
  constructor(
    readonly kind: FailureKind,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number; code?: ApiErrorCode },
  ) {
    super(message, options);
    this.name = 'ServiceError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.code = options?.code;
  }
}

export const invalid = (message: string) => new ServiceError('invalid', message);
