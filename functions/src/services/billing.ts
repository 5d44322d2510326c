/**
 * Billing (DESIGN §5): checkout with customer reuse and a first-subscription trial, the billing
 * portal for active plans, and webhooks that apply each event once, in the same transaction as
 * its effect.
 *
 * One live subscription per customer, one trial per customer ever (issue 12): checkout is
 * refused while a plan is live, but sessions opened before any completes still each make a
 * subscription, so every subscription event re-reads what is really live and cancels the extra.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  planForPriceId,
  planIsActive,
  SIGNUP_CREDITS,
  type AuthIdentity,
  type CheckoutSessionResponse,
} from '@flipstage/core';
import { WebhookSignatureInvalid, type PaymentEvent, type Payments } from '../ports/payments.js';
import { HeldSubscriptionChanged, type Store, type StripeEffect } from '../ports/store.js';
import type { AppConfig } from '../config.js';
import { logs, type Logger } from '../logs.js';
import { invalid, ServiceError } from './errors.js';
import { resolveRedirectUrl } from './redirectUrls.js';
import { decideSubscription, type SubscriptionDecision } from './liveSubscription.js';

export interface BillingDeps {
  store: Store;
  payments: Payments;
  config: AppConfig;
  logger: Logger;
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

export async function createCheckoutSession(
  deps: BillingDeps,
  identity: AuthIdentity,
  request: { body: unknown; origin: string | null; idempotencyKey?: string | undefined },
): Promise<CheckoutSessionResponse> {
  const priceId = field(request.body, 'priceId');
  if (typeof priceId !== 'string' || !planForPriceId(priceId, deps.config.priceIds))
    throw invalid(MESSAGES.unknownPriceId);
  const site = { origins: deps.config.siteOrigins, callerOrigin: request.origin };
  const successUrl = resolveRedirectUrl(field(request.body, 'successUrl'), site);
  const cancelUrl = resolveRedirectUrl(field(request.body, 'cancelUrl'), site);

  const { uid } = identity;
  const account = await deps.store.ensureAccount(
    uid,
    { name: identity.displayName ?? null, email: identity.email ?? null, avatar: identity.photoURL ?? null },
    SIGNUP_CREDITS,
  );
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
  deps: BillingDeps,
  uid: string,
  request: { body: unknown; origin: string | null },
): Promise<string> {
  const returnUrl = resolveRedirectUrl(field(request.body, 'returnUrl'), {
    origins: deps.config.siteOrigins,
    callerOrigin: request.origin,
  });
  const account = await deps.store.getAccount(uid);
  const customerId = account?.customer.stripeCustomerId;
  if (!account || !customerId) throw new ServiceError('not-found', MESSAGES.noStripeCustomer);
  if (!planIsActive(account.customer.stripeSubscriptionStatus))
    throw new ServiceError('forbidden', MESSAGES.planNotActive);
  const session = await deps.payments.createPortalSession({ customerId, returnUrl });
  return session.url;
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return null;
}

/** Newer API versions move the subscription under parent.subscription_details. */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** What an event does, or null for a type we do not use. */
async function decisionFor(deps: BillingDeps, event: PaymentEvent): Promise<SubscriptionDecision | null> {
  const object = event.data.object;
  const only = (effect: StripeEffect): SubscriptionDecision => ({ effect, duplicate: null });
  if (event.type === 'checkout.session.completed') {
    const uid = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
    const stripeCustomerId = idOf(object.customer);
    return only(uid && stripeCustomerId ? { kind: 'link-customer', uid, stripeCustomerId } : { kind: 'none' });
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const subscriptionId = idOf(object.id);
    if (!subscriptionId) return only({ kind: 'none' });
    return decideSubscription({ ...deps, priceIds: deps.config.priceIds }, subscriptionId);
  }
  if (event.type === 'invoice.paid') {
    // Credits follow money. A $0 invoice (a trial's first, a plan change during it) grants
    // nothing: the trial's one grant comes with its subscription (liveSubscription.ts).
    if (!(typeof object.total === 'number' && object.total > 0)) return only({ kind: 'none' });
    const subscriptionId = invoiceSubscriptionId(object);
    const stripeCustomerId = idOf(object.customer);
    if (!subscriptionId || !stripeCustomerId) return only({ kind: 'none' });
    const subscription = await deps.payments.getSubscription(subscriptionId);
    const plan = planForPriceId(subscription.priceId, deps.config.priceIds);
    if (!plan) {
      logs.webhookUnknownPrice(deps.logger, { eventId: event.id, priceId: subscription.priceId });
      return only({ kind: 'none' });
    }
    const uid = await deps.store.findUidByStripeCustomer(stripeCustomerId);
    const storedPrice = uid ? (await deps.store.getAccount(uid))?.customer.stripePriceId : null;
    const upgrade =
      object.billing_reason === 'subscription_update' || (!!storedPrice && storedPrice !== subscription.priceId);
    return only({
      kind: 'grant-credits',
      stripeCustomerId,
      delta: plan.monthlyCredits,
      reason: upgrade ? 'upgrade' : 'subscription',
    });
  }
  return null;
}

/** Decisions raced by another event for the same customer are made again, this many times at most. */
const MAX_DECISIONS = 3;

/**
 * Verifies the raw body, then applies the event once. A bad signature changes nothing. A second
 * live subscription is cancelled even when the event is a replay: the decision comes from fresh
 * reads, so a cancellation that failed after the event was stored is retried with the event.
 */
export async function handleStripeWebhook(
  deps: BillingDeps,
  rawBody: Uint8Array,
  signature: string | undefined,
): Promise<void> {
  let event: PaymentEvent;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof WebhookSignatureInvalid)) throw error;
    logs.webhookSignatureRejected(deps.logger);
    throw invalid(MESSAGES.webhookSignatureInvalid);
  }
  for (let attempt = 1; ; attempt++) {
    const decision = await decisionFor(deps, event);
    if (!decision) {
      logs.webhookIgnored(deps.logger, { eventId: event.id, type: event.type });
      return;
    }
    const { effect, duplicate } = decision;
    let applied: boolean;
    try {
      ({ applied } = await deps.store.processStripeEvent({ eventId: event.id, type: event.type, effect }));
    } catch (error) {
      if (error instanceof HeldSubscriptionChanged && attempt < MAX_DECISIONS) continue;
      throw error;
    }
    logs.webhookProcessed(deps.logger, { eventId: event.id, type: event.type, effect: effect.kind, applied });
    if (duplicate) {
      await deps.payments.cancelSubscription({
        subscriptionId: duplicate,
        idempotencyKey: `cancel-duplicate-${duplicate}`,
      });
      logs.duplicateSubscriptionCanceled(deps.logger, { eventId: event.id, subscriptionId: duplicate });
    }
    return;
  }
}
