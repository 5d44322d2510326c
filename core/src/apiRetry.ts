/**
 * How the web app and the CLI retry a call to the API: one policy for both clients, so a busy
 * backend sees the same pressure from either, and a retry never charges twice (every retried
 * request that could be charged carries the same Idempotency-Key on each try).
 */

/** Tries in all, the first included. */
export const API_RETRY_TRIES = 3;

/** No single wait is longer, whatever Retry-After says: a user at a screen or a script will not wait minutes. */
export const API_RETRY_MAX_WAIT_MS = 30_000;

/** The first wait when the server gives no Retry-After; it doubles for each later retry. */
export const API_RETRY_BASE_DELAY_MS = 500;

/**
 * Up to this share of the wait is added at random, so clients refused together (one burst, one
 * fair-use window) do not all come back in the same instant.
 */
export const API_RETRY_JITTER = 0.25;

/**
 * Worth another try. 429 (fair use) and 503 (no capacity) are refusals made before any work, so
 * every request may repeat them. A repeatable request (a read, or one with an Idempotency-Key,
 * which the server answers once) may also repeat a 409 (the same key still in progress) and any
 * other 5xx, whose outcome is unknown: Hosting answers a bare 504 while the function may finish.
 */
export function isRetryableStatus(status: number, repeatable: boolean): boolean {
  if (status === 429 || status === 503) return true;
  return repeatable && (status === 409 || status >= 500);
}

/**
 * The wait a Retry-After header asks for, in ms from `now`: delay-seconds or an HTTP date
 * (RFC 9110 §10.2.3). Undefined when there is none or it cannot be read.
 */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse also takes bare numbers such as "-5" as dates; an HTTP date always names its day and month.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0 for the first): the server's Retry-After when it gave
 * one (never sooner, since an earlier try would be refused again), else a doubling back-off;
 * plus jitter; capped at API_RETRY_MAX_WAIT_MS. `random` is in [0, 1).
 */
export function apiRetryDelayMs(retry: number, retryAfter: number | undefined, random: () => number): number {
  const base = retryAfter ?? API_RETRY_BASE_DELAY_MS * 2 ** retry;
  return Math.round(Math.min(API_RETRY_MAX_WAIT_MS, base * (1 + API_RETRY_JITTER * random())));
}
