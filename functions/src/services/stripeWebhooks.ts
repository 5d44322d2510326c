/**
 * Stripe webhooks (DESIGN §5): each verified event is decided by the handler of its family, then
 * applied once, in the same transaction as its record. Sessions opened before any completes still
 * each make a subscription, so every subscription event re-reads what is really live and cancels
 * the extra (liveSubscription.ts).
 */
import { MESSAGES, planForPriceId } from '@flipstage/core';
import { WebhookSignatureInvalid, type PaymentEvent, type Payments } from '../ports/payments.js';
import { HeldSubscriptionChanged, type Store, type StripeEffect } from '../ports/store.js';
import type { AppConfig } from '../config.js';
import { logs, type Logger } from '../logs.js';
import { invalid } from './errors.js';
import { decideSubscription, type SubscriptionDecision } from './liveSubscription.js';
import { CREDIT_RULES } from './creditRules.js';

export interface StripeWebhookDeps {
  store: Store;
  payments: Payments;
  config: AppConfig;
  logger: Logger;
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

type EventHandler = (deps: StripeWebhookDeps, event: PaymentEvent) => Promise<SubscriptionDecision>;

const only = (effect: StripeEffect): SubscriptionDecision => ({ effect, duplicate: null });

/** A completed checkout links the Stripe customer to the account that opened it. */
const checkoutCompleted: EventHandler = async (_deps, event) => {
  const object = event.data.object;
  const uid = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
  const stripeCustomerId = idOf(object.customer);
  return only(uid && stripeCustomerId ? { kind: 'link-customer', uid, stripeCustomerId } : { kind: 'none' });
};

/** Any change to a subscription: what is really live now is read again and decided (liveSubscription.ts). */
const subscriptionChanged: EventHandler = async (deps, event) => {
  const subscriptionId = idOf(event.data.object.id);
  if (!subscriptionId) return only({ kind: 'none' });
  return decideSubscription({ ...deps, priceIds: deps.config.priceIds }, subscriptionId);
};

/**
 * Credits follow money. A $0 invoice (a trial's first, a plan change during it) grants nothing:
 * the trial's one grant comes with its subscription (liveSubscription.ts).
 */
const invoicePaid: EventHandler = async (deps, event) => {
  const object = event.data.object;
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
};

/** The event types we act on; any other is acknowledged and ignored. */
const HANDLERS: Readonly<Record<string, EventHandler>> = {
  'checkout.session.completed': checkoutCompleted,
  'customer.subscription.created': subscriptionChanged,
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
  'invoice.paid': invoicePaid,
};

/** Decisions raced by another event for the same customer are made again, this many times at most. */
const MAX_DECISIONS = 3;

/**
 * Verifies the raw body, then applies the event once. A bad signature changes nothing. A second
 * live subscription is cancelled even when the event is a replay: the decision comes from fresh
 * reads, so a cancellation that failed after the event was stored is retried with the event.
 */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
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
  const handler = Object.hasOwn(HANDLERS, event.type) ? HANDLERS[event.type] : undefined;
  if (!handler) {
    logs.webhookIgnored(deps.logger, { eventId: event.id, type: event.type });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    const { effect, duplicate } = await handler(deps, event);
    let applied: boolean;
    try {
      ({ applied } = await deps.store.processStripeEvent(
        { eventId: event.id, type: event.type, effect },
        CREDIT_RULES,
      ));
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
