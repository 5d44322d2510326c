/** Express gates for the fair-use rules (services/fairUse.ts): one set per app, so per process. */
import type { Request, RequestHandler } from 'express';
import type { TrialAllowance } from '../services/accounts.js';
import { MESSAGES } from '@flipstage/core';
import {
  createRateLimiter,
  createUploadSlots,
  FAIR_USE,
  type FairUseRules,
  type PerAddressRules,
  type RateLimiter,
  type UploadSlots,
} from '../services/fairUse.js';
import { currentUser } from './auth.js';
import { clientAddressKey } from './clientAddress.js';

export interface FairUseGates {
  /** After sign-in: counts the user and the caller's address. */
  staging: RequestHandler;
  listingWrites: RequestHandler;
  /** Messages, offers and reports: per user. */
  messages: RequestHandler;
  /** Counts the caller's address; mount it only where an account is about to be created. */
  newAccount: RequestHandler;
  /** Holds one of the process's upload slots until the response is finished. */
  upload: RequestHandler;
  /** Where a visitor's free tries are counted: the caller's address and the daily allowance. */
  trialAllowance(req: Request): TrialAllowance;
}

/** Takes a token from the user's bucket, then from the address's (when addresses are counted). */
function limit(byUser: RateLimiter | null, byAddress: RateLimiter | null): RequestHandler {
  return (req, res, next) => {
    byUser?.take(currentUser(res).uid);
    byAddress?.take(clientAddressKey(req));
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
  const perAddress = rules.perAddress;
  const byAddress = (rule: keyof PerAddressRules, message?: string) =>
    perAddress ? createRateLimiter(perAddress[rule], { message }) : null;
  return {
    staging: limit(createRateLimiter(rules.staging), byAddress('staging')),
    listingWrites: limit(createRateLimiter(rules.listingWrites), byAddress('listingWrites')),
    messages: limit(createRateLimiter(rules.messages), null),
    newAccount: limit(null, byAddress('newAccounts', MESSAGES.tooManyNewAccounts)),
    upload: holdSlot(createUploadSlots(rules.uploadSlots, rules.uploadWaitMs)),
    trialAllowance: (req) => {
      const perAddressPerDay = rules.trialsPerAddressPerDay;
      return { address: perAddressPerDay === null ? null : clientAddressKey(req), perAddressPerDay };
    },
  };
}
