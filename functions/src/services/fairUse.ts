/**
 * Fair use (DESIGN §4): a per-user token bucket on the requests that cost the server most (staging
 * and listing writes), and a per-process bound on uploads being received at once, so one account
 * cannot hold the host's memory or CPU. The same requests are also counted per client address,
 * with the accounts made from it, so a script with many fresh accounts on one address meets one
 * limit (issue 23). All are per process: in Firebase mode each instance keeps its own, and the
 * function's concurrency and instance cap bound the total.
 */
import { MESSAGES } from '@flipstage/core';
import { ServiceError } from './errors.js';

export interface BucketRule {
  /** Requests allowed at once after a quiet spell. */
  burst: number;
  /** Sustained requests per minute. */
  perMinute: number;
}

/** Counted per client address: whatever the accounts, one network gets these. */
export interface PerAddressRules {
  staging: BucketRule;
  listingWrites: BucketRule;
  /** Accounts created (POST /api/account for a new uid); signing in again is not counted. */
  newAccounts: BucketRule;
}

export interface FairUseRules {
  staging: BucketRule;
  listingWrites: BucketRule;
  /** Messages, offers and reports a user sends. */
  messages: BucketRule;
  /** Null where every client shares one address (local mode: this machine and its test journeys). */
  perAddress: PerAddressRules | null;
  /**
   * Signed-out visitors' free tries granted a day per client address, counted in the store (so
   * across instances); null where every client shares one address.
   */
  trialsPerAddressPerDay: number | null;
  /** Uploads received and processed at once by one process; more wait for a slot. */
  uploadSlots: number;
  /** How long an upload waits for a slot before the server answers busy. */
  uploadWaitMs: number;
}

/**
 * A reseller's CLI stages four at a time at about one a second; a seller lists a few pieces a
 * minute. Well above both, well below what fills a 2-vCPU instance's memory with 25 MB uploads.
 */
export const FAIR_USE: FairUseRules = {
  staging: { burst: 60, perMinute: 240 },
  listingWrites: { burst: 10, perMinute: 30 },
  /** A lively back-and-forth is a message every few seconds for a while: 30 at once, then 30 per 10 minutes. */
  messages: { burst: 30, perMinute: 3 },
  /**
   * An office or household shares one address: twice one user's staging and three times one
   * seller's listing writes leave room for two or three busy people at once, and ten new accounts,
   * then ten an hour, for a family or a team signing up together. A farm of fresh accounts on one
   * address gets no more stagings than two people and no more than ten accounts an hour.
   */
  perAddress: {
    staging: { burst: 120, perMinute: 480 },
    listingWrites: { burst: 30, perMinute: 90 },
    newAccounts: { burst: 10, perMinute: 10 / 60 },
  },
  /** A household or an office: two visitors trying it, then the sign-up credits. */
  trialsPerAddressPerDay: 2,
  uploadSlots: 4,
  uploadWaitMs: 20_000,
};

/** Local mode: the per-user limits only (and no count of free tries), as every browser and journey there shares 127.0.0.1. */
export const LOCAL_FAIR_USE: FairUseRules = { ...FAIR_USE, perAddress: null, trialsPerAddressPerDay: null };

/**
 * Firebase mode's rules, except in the Functions emulator (FUNCTIONS_EMULATOR=true, which it sets
 * and a deployed function never has): there, as in local mode, every browser and journey of the
 * Firebase tier reaches the api function from 127.0.0.1, so only the per-user limits apply.
 */
export function firebaseFairUse(env: { FUNCTIONS_EMULATOR?: string }): FairUseRules {
  return env.FUNCTIONS_EMULATOR === 'true' ? LOCAL_FAIR_USE : FAIR_USE;
}

/** Buckets idle long enough to be full again are forgotten, so memory stays bounded. */
const MAX_BUCKETS = 10_000;

export interface RateLimiter {
  /** Takes one request's token for this key, or throws 429 with the seconds until one is free. */
  take(key: string): void;
}

export function createRateLimiter(
  rule: BucketRule,
  options: { now?: () => number; message?: string } = {},
): RateLimiter {
  const now = options.now ?? Date.now;
  const message = options.message ?? MESSAGES.tooManyRequests;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = rule.perMinute / 60_000;
  const refill = (bucket: { tokens: number; at: number }, t: number) =>
    Math.min(rule.burst, bucket.tokens + (t - bucket.at) * perMs);
  return {
    take(key) {
      const t = now();
      const bucket = buckets.get(key) ?? { tokens: rule.burst, at: t };
      const tokens = refill(bucket, t);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t });
        throw new ServiceError('rate-limited', message, {
          retryAfterSeconds: Math.ceil((1 - tokens) / perMs / 1000),
        });
      }
      buckets.delete(key);
      buckets.set(key, { tokens: tokens - 1, at: t });
      if (buckets.size > MAX_BUCKETS) {
        for (const [oldKey, old] of buckets) {
          if (buckets.size <= MAX_BUCKETS / 2) break;
          if (refill(old, t) >= rule.burst) buckets.delete(oldKey);
        }
        // Everyone is busy: drop the longest-idle buckets (insertion order), which only forgives them.
        for (const oldKey of buckets.keys()) {
          if (buckets.size <= MAX_BUCKETS) break;
          buckets.delete(oldKey);
        }
      }
    },
  };
}

export interface UploadSlots {
  /** Waits for a free slot; resolves to its release. Throws 503 busy after the wait. */
  acquire(): Promise<() => void>;
}

export function createUploadSlots(slots: number, waitMs: number): UploadSlots {
  let free = slots;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    acquire() {
      if (free > 0) {
        free--;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(once(release));
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(grant), 1);
          reject(new ServiceError('unavailable', MESSAGES.serverBusy, { retryAfterSeconds: 5 }));
        }, waitMs);
        waiting.push(grant);
      });
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
