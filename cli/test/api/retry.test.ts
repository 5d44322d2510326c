import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/apiError.js';
import { isRetryable, retryNote, withRetries, type RetryPolicy } from '../../src/api/retry.js';

function policy(random = 0): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return { tries: 3, random: () => random, sleep: async (ms) => void slept.push(ms), slept };
}

describe('isRetryable', () => {
  it.each([429, 503])('retries HTTP %i for any request', (status) => {
    expect(isRetryable(new ApiError(status, 'x'), false)).toBe(true);
  });

  it.each([409, 500, 502, 504])('retries HTTP %i only for a repeatable request', (status) => {
    expect(isRetryable(new ApiError(status, 'x'), true)).toBe(true);
    expect(isRetryable(new ApiError(status, 'x'), false)).toBe(false);
  });

  it.each([400, 401, 402, 403, 404, 413])('does not retry HTTP %i', (status) => {
    expect(isRetryable(new ApiError(status, 'x'), true)).toBe(false);
  });

  it('retries a lost connection of a repeatable request, but not a local error', () => {
    expect(isRetryable(new NetworkError('ECONNRESET'), true)).toBe(true);
    expect(isRetryable(new NetworkError('ECONNRESET'), false)).toBe(false);
    expect(isRetryable(new Error('ENOSPC'), true)).toBe(false);
  });
});

describe('retryNote', () => {
  it('says the API is busy and how long the wait is', () => {
    expect(retryNote(new ApiError(429, 'Too many requests.'), 2000)).toBe(
      'API busy, retrying in 2.0 s (429 Too many requests.)',
    );
  });

  it('says when there was no answer at all', () => {
    expect(retryNote(new NetworkError('socket hang up'), 500)).toBe(
      'No answer from the API, retrying in 0.5 s (socket hang up)',
    );
  });
});

describe('withRetries', () => {
  it('backs off from 500 ms, doubling, and returns the later success', async () => {
    const p = policy();
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls += 1;
        if (calls < 3) throw new ApiError(503, 'unavailable');
        return 'ok';
      },
      p,
      false,
    );
    expect(result).toBe('ok');
    expect(p.slept).toEqual([500, 1000]);
  });

  it('gives up after three tries with the last error', async () => {
    let calls = 0;
    const attempt = withRetries(
      async () => {
        calls += 1;
        throw new ApiError(503, 'The server is busy.');
      },
      policy(),
      true,
    );
    await expect(attempt).rejects.toThrow('The server is busy.');
    expect(calls).toBe(3);
  });

  it('does not retry a final answer', async () => {
    let calls = 0;
    const attempt = withRetries(
      async () => {
        calls += 1;
        throw new ApiError(400, 'not an image');
      },
      policy(),
      true,
    );
    await expect(attempt).rejects.toThrow('not an image');
    expect(calls).toBe(1);
  });

  it("waits as long as the server's Retry-After says, plus at most a quarter, and tells why", async () => {
    const p = policy(0.999_999);
    const notes: string[] = [];
    let calls = 0;
    await withRetries(
      async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(429, 'slow down', 4000);
        return 'ok';
      },
      p,
      false,
      (error, delayMs) => notes.push(`${(error as Error).message} ${delayMs}`),
    );
    expect(p.slept[0]).toBeGreaterThan(4000);
    expect(p.slept[0]).toBeLessThanOrEqual(5000);
    expect(notes).toEqual([`slow down ${p.slept[0]}`]);
  });
});
