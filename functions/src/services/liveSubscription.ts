/**
 * Which subscription an account shows (issue 12). A customer has one live subscription. Events
 * arrive late, out of order and more than once, so an event about a subscription other than the
 * one the account holds re-reads both from the payment provider: the held one stays while it is
 * really live, and a second live one is to be cancelled; once the held one has ended, a live
 * newcomer replaces it.
 *
 * The trial's credits come with the subscription, not its $0 invoice: the state that makes the
 * account hold a trialing subscription carries the plan's credits under one ledger ref per
 * account, so however many trials were started, in whatever order their events land, the
 * customer is granted one.
 */
import { planForPriceId, planIsActive, type PriceIdConfig } from '@flipstage/core';
import type { Payments, SubscriptionState } from '../ports/payments.js';
import type { Store, StripeEffect } from '../ports/store.js';

/** The ledger ref of the trial grant (DESIGN §3: refs are unique per account). */
export const TRIAL_GRANT_REF = 'trial';

export interface SubscriptionDecision {
  effect: StripeEffect;
  /** A second live subscription, to cancel once the effect is stored. */
  duplicate: string | null;
}

interface Reading {
  state: SubscriptionState;
  /** Taken before the read, so a stored state never looks newer than it is. */
  at: number;
}

async function readSubscription(payments: Payments, id: string): Promise<Reading> {
  const at = Date.now();
  return { state: await payments.getSubscription(id), at };
}

function syncEffect(reading: Reading, heldBefore: string | null, priceIds: PriceIdConfig): StripeEffect {
  const { state } = reading;
  const trialPlan = state.status === 'trialing' ? planForPriceId(state.priceId, priceIds) : undefined;
  return {
    kind: 'sync-subscription',
    stripeCustomerId: state.customerId,
    subscriptionId: state.id,
    status: state.status,
    priceId: state.priceId,
    stateAt: reading.at,
    heldBefore,
    trialGrant: trialPlan ? { delta: trialPlan.monthlyCredits, ref: TRIAL_GRANT_REF } : null,
  };
}

export async function decideSubscription(
  deps: { store: Store; payments: Payments; priceIds: PriceIdConfig },
  subscriptionId: string,
): Promise<SubscriptionDecision> {
  const incoming = await readSubscription(deps.payments, subscriptionId);
  const uid = await deps.store.findUidByStripeCustomer(incoming.state.customerId);
  const held = uid ? ((await deps.store.getAccount(uid))?.customer.stripeSubscriptionId ?? null) : null;
  if (held === null || held === incoming.state.id) {
    return { effect: syncEffect(incoming, held, deps.priceIds), duplicate: null };
  }
  const current = await readSubscription(deps.payments, held);
  const incomingLive = planIsActive(incoming.state.status);
  if (planIsActive(current.state.status)) {
    return { effect: syncEffect(current, held, deps.priceIds), duplicate: incomingLive ? incoming.state.id : null };
  }
  return { effect: syncEffect(incomingLive ? incoming : current, held, deps.priceIds), duplicate: null };
}
