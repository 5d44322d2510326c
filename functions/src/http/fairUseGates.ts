/** Express gates for the fair-use rules (services/fairUse.ts): one set per app, so per process. */
import type { RequestHandler } from 'express';
import {
  createRateLimiter,
  createUploadSlots,
  FAIR_USE,
  type FairUseRules,
  type RateLimiter,
  type UploadSlots,
} from '../services/fairUse.js';
import { currentUser } from './auth.js';

export interface FairUseGates {
  staging: RequestHandler;
  listingWrites: RequestHandler;
  /** Holds one of the process's upload slots until the response is finished. */
  upload: RequestHandler;
}

function perUser(limiter: RateLimiter): RequestHandler {
  return (_req, res, next) => {
    limiter.take(currentUser(res).uid);
    next();
  };
}

function holdSlot(slots: UploadSlots): RequestHandler {
  return async (_req, res, next) => {
    const release = await slots.acquire();
    res.once('close', release);
    next();
  };
}

export function createFairUseGates(rules: FairUseRules = FAIR_USE): FairUseGates {
  return {
    staging: perUser(createRateLimiter(rules.staging)),
    listingWrites: perUser(createRateLimiter(rules.listingWrites)),
    upload: holdSlot(createUploadSlots(rules.uploadSlots, rules.uploadWaitMs)),
  };
}
