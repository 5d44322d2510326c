import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import {
  createRateLimiter,
  createUploadSlots,
  FAIR_USE,
  firebaseFairUse,
  LOCAL_FAIR_USE,
} from '../../src/services/fairUse.js';
import { ServiceError } from '../../src/services/errors.js';

function refusal(take: () => void): ServiceError {
  try {
    take();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the per-user rate limit', () => {
  it('lets a burst through, then refuses with 429 and the seconds until the next request is allowed', () => {
    const now = 0;
    const limiter = createRateLimiter({ burst: 3, perMinute: 6 }, { now: () => now });
    for (let i = 0; i < 3; i++) limiter.take('seller');
    const error = refusal(() => limiter.take('seller'));
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toBe(MESSAGES.tooManyRequests);
    expect(error.retryAfterSeconds).toBe(10);
  });

  it('allows requests again as the bucket refills at the sustained rate', () => {
    let now = 0;
    const limiter = createRateLimiter({ burst: 1, perMinute: 6 }, { now: () => now });
    limiter.take('seller');
    now += 9_000;
    expect(() => limiter.take('seller')).toThrow(ServiceError);
    now += 1_000;
    expect(() => limiter.take('seller')).not.toThrow();
  });

  it('keeps each user to their own bucket', () => {
    const limiter = createRateLimiter({ burst: 1, perMinute: 1 }, { now: () => 0 });
    limiter.take('a');
    expect(() => limiter.take('b')).not.toThrow();
    expect(() => limiter.take('a')).toThrow(ServiceError);
  });
});

describe('upload slots', () => {
  it('lets a waiting upload in as soon as a slot is released', async () => {
    const slots = createUploadSlots(1, 1_000);
    const release = await slots.acquire();
    const waiting = slots.acquire();
    release();
    await expect(waiting).resolves.toBeTypeOf('function');
  });

  it('answers busy (503, with a Retry-After) when no slot frees up in time', async () => {
    const slots = createUploadSlots(1, 20);
    await slots.acquire();
    await expect(slots.acquire()).rejects.toMatchObject({
      kind: 'unavailable',
      message: MESSAGES.serverBusy,
      retryAfterSeconds: 5,
    });
  });

  it('counts a slot released twice only once', async () => {
    const slots = createUploadSlots(1, 20);
    const release = await slots.acquire();
    release();
    release();
    await slots.acquire();
    await expect(slots.acquire()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('Firebase mode\'s fair use', () => {
  it('counts per address when deployed', () => {
    expect(firebaseFairUse({})).toBe(FAIR_USE);
  });

  it('keeps only the per-user limits in the Functions emulator, where every journey calls from 127.0.0.1', () => {
    expect(firebaseFairUse({ FUNCTIONS_EMULATOR: 'true' })).toBe(LOCAL_FAIR_USE);
  });
});
