import { planForPriceId, type MergedUser, type PriceIdConfig } from '@flipstage/core';
import type { AuthStatus } from '../../backend/authState';

/**
 * What the pricing page may promise the person looking at it (DESIGN §5: only a customer's first
 * subscription gets the free trial).
 * - `trial`: signed out, or signed in and never subscribed: every plan starts with the trial.
 * - `subscriber`: a live plan (`planId` is the plan's id, null for a price no plan knows): mark it
 *   and send changes to the billing portal.
 * - `noTrial`: subscribed before, so checkout gives no trial and the page promises none.
 * - `unknown`: the session or the account is still loading; nothing is promised yet.
 */
export type PricingOffer =
  { kind: 'trial' } | { kind: 'subscriber'; planId: string | null } | { kind: 'noTrial' } | { kind: 'unknown' };

export function pricingOffer(status: AuthStatus, user: MergedUser | null, priceIds: PriceIdConfig): PricingOffer {
  if (status === 'signedOut') return { kind: 'trial' };
  if (status === 'unknown' || !user) return { kind: 'unknown' };
  if (user.planIsActive) return { kind: 'subscriber', planId: planForPriceId(user.planId, priceIds)?.id ?? null };
  // Any status, even a canceled one, means a subscription existed; the server then gives no trial.
  return user.stripeSubscriptionStatus ? { kind: 'noTrial' } : { kind: 'trial' };
}
