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
  | 'unavailable';

export class ServiceError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ServiceError';
  }
}

export const invalid = (message: string) => new ServiceError('invalid', message);
