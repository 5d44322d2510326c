import {
  LOCAL_PRICE_IDS,
  MESSAGES,
  planForPriceId,
  priceIdsFromEnv,
  type MergedUser,
  type Plan,
} from '@flipstage/core';
import { usageError } from './utils/exitCodes.js';

/** The user's plan when its price id is known: local mode's, or the Stripe ones configured in env. */
export function planOf(user: Pick<MergedUser, 'planId'>, env: NodeJS.ProcessEnv): Plan | undefined {
  return planForPriceId(user.planId, { ...LOCAL_PRICE_IDS, ...priceIdsFromEnv(env) });
}

/**
 * `--hd` is checked before anything is spent. A plan this CLI cannot name (other price ids) is
 * left for the server to judge; it refuses HD without the plan and charges nothing.
 */
export function assertHdAllowed(user: Pick<MergedUser, 'planId' | 'planIsActive'>, env: NodeJS.ProcessEnv): void {
  const plan = planOf(user, env);
  if (!user.planIsActive || (plan !== undefined && !plan.hd)) throw usageError(MESSAGES.hdNeedsPlan);
}
