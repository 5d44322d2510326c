/** Maps failures to DESIGN §4's statuses and the `{ error: { message } }` shape; never a stack trace. */
import type { ErrorRequestHandler, Response } from 'express';
import { apiError, MESSAGES, type ApiErrorCode } from '@flipstage/core';
import { InvalidIdToken } from '../ports/identity.js';
import { StagingError } from '../ports/stager.js';
import { InsufficientCredits } from '../ports/store.js';
import { ServiceError, type FailureKind } from '../services/errors.js';
import { logs } from '../logs.js';
import { requestLogger } from './requestContext.js';

export const STATUS_BY_KIND: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'no-credits': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'rate-limited': 429,
  unavailable: 503,
};

export function sendError(res: Response, status: number, message: string, code?: ApiErrorCode): void {
  res.status(status).json(apiError(message, code));
}

/** Status and user-safe message for any error; 500 with the generic message when it is not ours to explain. */
export function describeFailure(error: unknown): { status: number; message: string; code?: ApiErrorCode } {
  if (error instanceof ServiceError)
    return { status: STATUS_BY_KIND[error.kind], message: error.message, ...(error.code && { code: error.code }) };
  if (error instanceof InvalidIdToken) return { status: 401, message: MESSAGES.invalidToken };
  if (error instanceof InsufficientCredits) return { status: 402, message: MESSAGES.needCredits };
  if (error instanceof StagingError && error.kind === 'unsupported-image')
    return { status: 400, message: error.message };
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.parse.failed') return { status: 400, message: MESSAGES.invalidJson };
  if (type === 'entity.too.large') return { status: 413, message: MESSAGES.fileTooLarge };
  return { status: 500, message: MESSAGES.internalError };
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const { status, message, code } = describeFailure(error);
  if (status >= 500) logs.requestFailed(requestLogger(res), error);
  // Refused before its upload was read (too many requests, no credits): the rest is discarded
  // as it arrives, never buffered, and the client still gets its answer.
  if (!req.complete) req.resume();
  if (res.headersSent) return;
  if (error instanceof ServiceError && error.retryAfterSeconds !== undefined)
    res.set('Retry-After', String(error.retryAfterSeconds));
  sendError(res, status, message, code);
};
