import pRetry from 'p-retry';
import { API_RETRY_TRIES, apiRetryDelayMs, isRetryableStatus } from '@flipstage/core';
import { ApiError, NetworkError } from './apiError.js';

/** How the ApiClient waits between tries: core's policy (apiRetry.ts), with the clock and dice injectable for tests. */
export interface RetryPolicy {
  /** Total tries, the first included. */
  tries: number;
  /** [0, 1), for the jitter. */
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  tries: API_RETRY_TRIES,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Told before each wait: the failure that caused it and how long the wait is. */
export type RetryListener = (error: unknown, delayMs: number) => void;

/**
 * A busy API (429, 503) may answer later for any request; a repeatable one (a read, or a request
 * with an Idempotency-Key) also after a 409, another 5xx or a lost connection. Every other answer is final.
 */
export function isRetryable(error: unknown, repeatable: boolean): boolean {
  if (error instanceof ApiError) return isRetryableStatus(error.status, repeatable);
  return repeatable && error instanceof NetworkError;
}

/** One line about a retry about to happen, e.g. "API busy, retrying in 2.0 s (429 Too many requests.)". */
export function retryNote(error: unknown, delayMs: number): string {
  const wait = `retrying in ${(delayMs / 1000).toFixed(1)} s`;
  if (!(error instanceof ApiError)) return `No answer from the API, ${wait} (${(error as Error).message})`;
  const busy = error.status === 429 || error.status === 503;
  return `${busy ? 'API busy' : 'API failed'}, ${wait} (${error.status} ${error.message})`;
}

/** Runs `action` under the policy; a server's Retry-After sets the wait (with jitter, at most 30 s). */
export function withRetries<T>(
  action: () => Promise<T>,
  policy: RetryPolicy,
  repeatable: boolean,
  onRetry: RetryListener = () => {},
): Promise<T> {
  return pRetry(() => action(), {
    retries: policy.tries - 1,
    // p-retry's own delay cannot follow a Retry-After nor be skipped in tests, so it is off and
    // the policy's wait happens once the retry is decided.
    minTimeout: 0,
    shouldRetry: async ({ error, retriesConsumed }) => {
      if (!isRetryable(error, repeatable)) return false;
      const retryAfter = error instanceof ApiError ? error.retryAfterMs : undefined;
      const delay = apiRetryDelayMs(retriesConsumed, retryAfter, policy.random);
      onRetry(error, delay);
      await policy.sleep(delay);
      return true;
    },
  });
}
