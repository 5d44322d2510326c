/**
 * Typed, non-secret configuration (DESIGN §6a), read once from an env-like map. Secrets
 * (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PHOTOROOM_API_KEY) go straight to the adapters that
 * use them and never into this object.
 */
import { LOCAL_PRICE_IDS, priceIdsFromEnv, type PriceIdConfig } from '@flipstage/core';

export const DEFAULT_TRIAL_DAYS = 7;

export interface AppConfig {
  priceIds: PriceIdConfig;
  /** Free-trial length of a customer's first subscription. */
  trialDays: number;
  /** MERGE_DB_USER=false answers GET /api/account from the token alone (spec §8). */
  mergeDbUser: boolean;
}

type Env = Record<string, string | undefined>;

function parseTrialDays(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TRIAL_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 730)
    throw new Error(`TRIAL_DAYS must be a whole number of days from 0 to 730, got ${JSON.stringify(value)}`);
  return days;
}

export function loadConfig(env: Env, options: { localPriceIds?: boolean } = {}): AppConfig {
  const configured = priceIdsFromEnv(env);
  const priceIds = options.localPriceIds && Object.keys(configured).length === 0 ? { ...LOCAL_PRICE_IDS } : configured;
  return {
    priceIds,
    trialDays: parseTrialDays(env.TRIAL_DAYS),
    mergeDbUser: (env.MERGE_DB_USER ?? 'true').trim().toLowerCase() !== 'false',
  };
}
