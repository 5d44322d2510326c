import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, MESSAGES } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import { creditNote, MAYBE_STAGED, NO_ANSWER, NO_CREDIT_USED, stageFailureOf } from './failures';

describe('what a failed staging tells the seller', () => {
  it('shows the server’s own message for a refusal, with no Retry', () => {
    const failure = stageFailureOf(new ApiError(422, MESSAGES.notFurniture('a cat'), 1, 'not-furniture'));
    expect(failure).toEqual({ message: MESSAGES.notFurniture('a cat'), retryable: false });
  });

  it('offers Retry when the server was busy or failed', () => {
    for (const status of [408, 409, 429, 500, 503, 504])
      expect(stageFailureOf(new ApiError(status, 'Busy.')).retryable, `status ${status}`).toBe(true);
  });

  it('offers no Retry for a photo too large or an account out of credits', () => {
    expect(stageFailureOf(new ApiError(413, MESSAGES.photoTooLarge(25))).retryable).toBe(false);
    expect(stageFailureOf(new ApiError(402, MESSAGES.needCredits))).toEqual({
      message: MESSAGES.needCredits,
      retryable: false,
    });
  });

  it('says the server did not answer when the request got no answer at all, and offers Retry', () => {
    expect(stageFailureOf(new TypeError('Failed to fetch'))).toEqual({ message: NO_ANSWER, retryable: true });
  });

  it('says the photo is too large when a proxy refused it with a page instead of a message', () => {
    const failure = stageFailureOf(new ApiError(413, '<html><title>413 Request Entity Too Large</title></html>'));
    expect(failure.message).toBe(MESSAGES.photoTooLarge(Math.floor(MAX_INPUT_BYTES / 2 ** 20)));
  });

  it('puts a plain message in place of a bare status', () => {
    expect(stageFailureOf(new ApiError(502, MESSAGES.httpError(502))).message).toBe(MESSAGES.internalError);
  });

  it('falls back to the unknown-error message when the error has none', () => {
    expect(stageFailureOf(new Error('')).message).toBe(MESSAGES.unknownProcessingError);
  });
});

describe('what a failure says about credits', () => {
  it('says no credit was used for a refusal', () => {
    expect(creditNote({ message: MESSAGES.needCredits, retryable: false })).toBe(NO_CREDIT_USED);
    expect(creditNote({ message: MESSAGES.photoTooLarge(25), retryable: false })).toBe(NO_CREDIT_USED);
  });

  it('says no credit was used when the server was too busy to take the photo', () => {
    expect(creditNote({ message: MESSAGES.tooManyRequests, retryable: true })).toBe(NO_CREDIT_USED);
    expect(creditNote({ message: MESSAGES.serverBusy, retryable: true })).toBe(NO_CREDIT_USED);
  });

  it('says nothing more when the server’s message already says it', () => {
    expect(creditNote({ message: MESSAGES.notFurniture('a cat'), retryable: false })).toBeNull();
    expect(creditNote({ message: MESSAGES.stagingUnavailable, retryable: true })).toBeNull();
  });

  it('is honest when the answer was lost: Retry shows the result without charging again', () => {
    expect(creditNote({ message: NO_ANSWER, retryable: true })).toBe(MAYBE_STAGED);
    expect(creditNote({ message: MESSAGES.internalError, retryable: true })).toBe(MAYBE_STAGED);
    expect(creditNote({ message: MESSAGES.stageInProgress, retryable: true })).toBe(MAYBE_STAGED);
  });
});
