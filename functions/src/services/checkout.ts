/**
 * Checkout and the billing portal (DESIGN §5): checkout with customer reuse and a
 * first-subscription trial; the portal for active plans only. One live subscription per customer
 * (issue 12): checkout is refused while a plan is live.
 */
import { randomUUID } from 'node:crypto';
import {
  billingSessionRequestSchema,
  checkoutSessionRequestSchema,
  MESSAGES,
  parseWith,
  planForPriceId,
  planIsActive,
  type CheckoutSessionResponse,
} from '@flipstage/core';
import type { Payments } from '../ports/payments.js';
import type { Store } from '../ports/store.js';
import type { VerifiedIdentity } from '../ports/identity.js';
import type { AppConfig } from '../config.js';
import { invalid, ServiceError } from './errors.js';
import { resolveRedirectUrl, type SiteOrigins } from './redirectUrls.js';
import { ensureAccount } from './accounts.js';

export interface CheckoutDeps {
  store: Store;
  payments: Payments;
  config: AppConfig;
}

/**
 * A redirect URL resolved against the site's origins, failing as an issue of its field: the body
 * is then refused for its first fault in field order, whichever check found it.
 */
function onSite(site: SiteOrigins) {
  return (url: string, ctx: { addIssue(issue: { code: 'custom'; message: string }): void }): string => {
    try {
      return resolveRedirectUrl(url, site);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return url;
    }
  };
}

export async function createCheckoutSession(
  deps: CheckoutDeps,
  identity: VerifiedIdentity,
  request: { body: unknown; origin: string | null; idempotencyKey?: string | undefined },
): Promise<CheckoutSessionResponse> {
  const site = onSite({ origins: deps.config.siteOrigins, callerOrigin: request.origin });
  const { shape } = checkoutSessionRequestSchema;
  const schema = checkoutSessionRequestSchema.extend({
    priceId: shape.priceId.refine((id) => planForPriceId(id, deps.config.priceIds) !== undefined, MESSAGES.unknownPriceId),
    successUrl: shape.successUrl.transform(site),
    cancelUrl: shape.cancelUrl.transform(site),
  });
  const { priceId, successUrl, cancelUrl } = parseWith(schema, request.body, invalid);

  const { uid } = identity;
  const account = await ensureAccount(deps, identity);
  // The purchase page sends a live plan to /settings/billing; this holds for every other caller.
  if (planIsActive(account.customer.stripeSubscriptionStatus))
    throw new ServiceError('conflict', MESSAGES.subscriptionExists);
  let customerId = account.customer.stripeCustomerId;
  if (!customerId) {
    customerId = await deps.payments.createCustomer({
      uid,
      email: identity.email ?? account.profile.email ?? null,
      name: account.profile.name,
      idempotencyKey: `customer-${uid}`,
    });
    await deps.store.setStripeCustomer(uid, customerId);
  }
  const firstSubscription = account.customer.stripeSubscriptionId === null;
  return deps.payments.createCheckoutSession({
    uid,
    customerId,
    priceId,
    successUrl,
    cancelUrl,
    trialDays: firstSubscription && deps.config.trialDays > 0 ? deps.config.trialDays : null,
    idempotencyKey: `checkout-${uid}-${request.idempotencyKey ?? randomUUID()}`,
  });
}

/** Only with a Stripe customer and an active plan (spec §6). Throws ServiceError with the reason. */
export async function createBillingPortalUrl(
  deps: CheckoutDeps,
  uid: string,
  request: { body: unknown; origin: string | null },
): Promise<string> {
  const schema = billingSessionRequestSchema.extend({
    returnUrl: billingSessionRequestSchema.shape.returnUrl.transform(
      onSite({ origins: deps.config.siteOrigins, callerOrigin: request.origin }),
    ),
  });
  const { returnUrl } = parseWith(schema, request.body, invalid);
  const account = await deps.store.getAccount(uid);
  const customerId = account?.customer.stripeCustomerId;
  if (!account || !customerId) throw new ServiceError('not-found', MESSAGES.noStripeCustomer);
  if (!planIsActive(account.customer.stripeSubscriptionStatus))
    throw new ServiceError('forbidden', MESSAGES.planNotActive);
  const session = await deps.payments.createPortalSession({ customerId, returnUrl });
  return session.url;
}
