import { describe, expect, it } from 'vitest';
import {
  API_RETRY_JITTER,
  API_RETRY_MAX_WAIT_MS,
  apiRetryDelayMs,
  isRetryableStatus,
  retryAfterMs,
} from './apiRetry.js';

describe('isRetryableStatus', () => {
  it.each([429, 503])('retries %i for any request', (status) => {
    expect(isRetryableStatus(status, false)).toBe(true);
  });

  it.each([409, 500, 502, 504])('retries %i only for a repeatable request', (status) => {
    expect(isRetryableStatus(status, true)).toBe(true);
    expect(isRetryableStatus(status, false)).toBe(false);
  });

  it.each([400, 401, 402, 403, 404, 413, 422])('never retries %i', (status) => {
    expect(isRetryableStatus(status, true)).toBe(false);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:07 GMT', now)).toBe(7000);
  });

  it('reads an HTTP date already past as no wait', () => {
    expect(retryAfterMs('Wed, 25 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it.each([null, undefined, '', 'soon', '-5', '1.5'])('gives nothing for %j', (value) => {
    expect(retryAfterMs(value, now)).toBeUndefined();
  });
});

describe('apiRetryDelayMs', () => {
  it('waits exactly Retry-After with the least jitter and at most a quarter more with the most', () => {
    expect(apiRetryDelayMs(0, 4000, () => 0)).toBe(4000);
    expect(apiRetryDelayMs(0, 4000, () => 0.999_999)).toBeLessThanOrEqual(4000 * (1 + API_RETRY_JITTER));
    expect(apiRetryDelayMs(0, 4000, () => 0.999_999)).toBeGreaterThan(4900);
  });

  it('doubles from 500 ms per retry when the server gives no Retry-After', () => {
    expect([0, 1, 2].map((retry) => apiRetryDelayMs(retry, undefined, () => 0))).toEqual([500, 1000, 2000]);
  });

  it('never waits longer than 30 s, whatever Retry-After says', () => {
    expect(apiRetryDelayMs(0, 3_600_000, () => 0.999_999)).toBe(API_RETRY_MAX_WAIT_MS);
    expect(apiRetryDelayMs(0, 29_000, () => 0.999_999)).toBe(API_RETRY_MAX_WAIT_MS);
  });
});
