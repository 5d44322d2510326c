import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/api/apiError.js';
import { backoffDelay, isRetryable, withRetries, type RetryPolicy } from '../../src/stage/retry.js';

function policy(random = 1): RetryPolicy & { slept: number[] } {
  const slept: number[] = [];
  return {
    tries: 4,
    baseDelayMs: 500,
    maxDelayMs: 8000,
    random: () => random,
    sleep: async (ms) => void slept.push(ms),
    slept,
  };
}

describe('isRetryable', () => {
  it.each([409, 429, 500, 502, 503, 504])('retries HTTP %i', (status) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(true);
  });

  it.each([400, 401, 402, 403, 404, 413])('does not retry HTTP %i', (status) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(false);
  });

  it('retries a lost connection but not a local error', () => {
    expect(isRetryable(new NetworkError('ECONNRESET'))).toBe(true);
    expect(isRetryable(new Error('ENOSPC'))).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('doubles per retry up to the cap', () => {
    const p = policy(1);
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, p))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('jitters between half and the full delay', () => {
    expect(backoffDelay(1, policy(0))).toBe(500);
  });

  it("follows the server's Retry-After, capped at 30 s", () => {
    expect(backoffDelay(0, policy(), 3)).toBe(3000);
    expect(backoffDelay(0, policy(), 3600)).toBe(30000);
  });
});

describe('withRetries', () => {
  it('retries a 503 and returns the later success', async () => {
    const p = policy();
    let calls = 0;
    const result = await withRetries(async () => {
      calls += 1;
      if (calls < 3) throw new ApiError(503, 'unavailable');
      return 'ok';
    }, p);
    expect(result).toBe('ok');
    expect(p.slept).toEqual([500, 1000]);
  });

  it('gives up after the allowed number of tries', async () => {
    const p = policy();
    let calls = 0;
    const attempt = withRetries(async () => {
      calls += 1;
      throw new ApiError(500, 'broken');
    }, p);
    await expect(attempt).rejects.toThrow('broken');
    expect(calls).toBe(4);
  });

  it('does not retry a final answer', async () => {
    let calls = 0;
    const attempt = withRetries(async () => {
      calls += 1;
      throw new ApiError(400, 'not an image');
    }, policy());
    await expect(attempt).rejects.toThrow('not an image');
    expect(calls).toBe(1);
  });

  it("waits as long as the server's Retry-After says, and tells why it retries", async () => {
    const p = policy();
    const notes: string[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(429, 'slow down', 3);
        return 'ok';
      },
      p,
      (error, delayMs) => notes.push(`${(error as Error).message} ${delayMs}`),
    );
    expect(result).toBe('ok');
    expect(p.slept).toEqual([3000]);
    expect(notes).toEqual(['slow down 3000']);
  });
});

