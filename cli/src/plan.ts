import {
  LOCAL_PRICE_IDS,
  MESSAGES,
  planForPriceId,
  priceIdsFromEnv,
  type AccountResponse,
  type MergedUser,
  type Plan,
} from '@flipstage/core';
import { usageError } from './errors/exitCodes.js';

/** The user's plan when its price id is known: local mode's, or the Stripe ones configured in env. */
export function planOf(user: Pick<MergedUser, 'planId'>, env: NodeJS.ProcessEnv): Plan | undefined {
  return planForPriceId(user.planId, { ...LOCAL_PRICE_IDS, ...priceIdsFromEnv(env) });
}

/**
 * `--hd` is checked before anything is spent, by the server's answer: it knows every configured
 * price id, where this CLI knows only local mode's and those in its environment.
 */
export function assertHdAllowed(account: Pick<AccountResponse, 'hdAllowed'>): void {
  if (!account.hdAllowed) throw usageError(MESSAGES.hdNeedsPlan);
}
