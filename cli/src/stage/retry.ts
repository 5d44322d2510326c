import pRetry from 'p-retry';
import { ApiError, NetworkError, isRetryableStatus } from '../api/apiError.js';

export interface RetryPolicy {
  /** Total tries, the first included. */
  tries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  tries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Rate limits, server errors and lost connections may succeed later; every other answer is final. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return isRetryableStatus(error.status);
  return error instanceof NetworkError;
}

/**
 * Capped exponential backoff with jitter (half to full delay), so parallel workers that failed
 * together do not retry together. A server's Retry-After wins, capped at 30 s.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds * 1000, 30_000);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling * (0.5 + policy.random() / 2));
}

export function withRetries<T>(
  action: () => Promise<T>,
  policy: RetryPolicy,
  onRetry: (error: unknown, delayMs: number) => void = () => {},
): Promise<T> {
  return pRetry(() => action(), {
    retries: policy.tries - 1,
    // p-retry's own delay cannot follow a Retry-After nor be skipped in tests, so it is off and
    // the policy's wait happens once the retry is decided.
    minTimeout: 0,
    shouldRetry: async ({ error, retriesConsumed }) => {
      if (!isRetryable(error)) return false;
      const delay = backoffDelay(retriesConsumed, policy, error instanceof ApiError ? error.retryAfterSeconds : undefined);
      onRetry(error, delay);
      await policy.sleep(delay);
      return true;
    },
  });
}
