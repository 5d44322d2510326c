/**
 * "Post to marketplaces" is sold with the Flipper and Premium plans (issue 41): core's
 * marketplacesAllowed judges the seller's stored subscription, for the kits, the posts and eBay.
 */
import { marketplacesAllowed, MESSAGES, type PriceIdConfig } from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { ServiceError } from './errors.js';

export interface MarketplacePlanDeps {
  store: Pick<Store, 'getAccount'>;
  priceIds: PriceIdConfig;
}

export async function hasMarketplacesPlan(deps: MarketplacePlanDeps, uid: string): Promise<boolean> {
  const customer = (await deps.store.getAccount(uid))?.customer;
  return marketplacesAllowed(customer?.stripePriceId, customer?.stripeSubscriptionStatus, deps.priceIds);
}

/** Throws a 403 that says which plans include it. */
export async function requireMarketplacesPlan(deps: MarketplacePlanDeps, uid: string): Promise<void> {
  if (!(await hasMarketplacesPlan(deps, uid))) throw new ServiceError('forbidden', MESSAGES.marketplacesNeedPlan);
}
