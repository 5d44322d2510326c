/**
 * Billing (DESIGN §5): checkout with customer reuse and a first-subscription trial, the billing
 * portal for active plans, and webhooks that apply each event once, in the same transaction as
 * its effect.
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
import { WebhookSignatureInvalid, type PaymentEvent, type Payments, type Store, type StripeEffect } from '../ports.js';
import type { AppConfig } from '../config.js';
import { logs, type Logger } from '../logs.js';
import { invalid, ServiceError } from './errors.js';

export interface BillingDeps {
  store: Store;
  payments: Payments;
  config: AppConfig;
  logger: Logger;
}

/** An absolute http(s) URL, or a same-site path resolved against the caller's origin (spec §7 sends paths). */
export function resolveRedirectUrl(value: unknown, origin: string | null): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(MESSAGES.urlRequired);
  const text = value.trim();
  try {
    const isPath = text.startsWith('/') && !text.startsWith('//');
    if (isPath && !origin) throw invalid(MESSAGES.urlRequired);
    const url = isPath ? new URL(text, origin!) : new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(MESSAGES.urlRequired);
    return url.toString();
  } catch {
    throw invalid(MESSAGES.urlRequired);
  }
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
  const successUrl = resolveRedirectUrl(field(request.body, 'successUrl'), request.origin);
  const cancelUrl = resolveRedirectUrl(field(request.body, 'cancelUrl'), request.origin);

  const { uid } = identity;
  const account = await deps.store.ensureAccount(
    uid,
    { name: identity.displayName ?? null, email: identity.email ?? null, avatar: identity.photoURL ?? null },
    SIGNUP_CREDITS,
  );
  let customerId = account.customer.stripeCustomerId;
  if (!customerId) {
    customerId = await deps.payments.createCustomer({
      uid,
      email: account.profile.email ?? identity.email ?? null,
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
  const returnUrl = resolveRedirectUrl(field(request.body, 'returnUrl'), request.origin);
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
async function effectFor(deps: BillingDeps, event: PaymentEvent): Promise<StripeEffect | null> {
  const object = event.data.object;
  if (event.type === 'checkout.session.completed') {
    const uid = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
    const stripeCustomerId = idOf(object.customer);
    return uid && stripeCustomerId ? { kind: 'link-customer', uid, stripeCustomerId } : { kind: 'none' };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const subscriptionId = idOf(object.id);
    if (!subscriptionId) return { kind: 'none' };
    const stateAt = Date.now();
    const state = await deps.payments.getSubscription(subscriptionId);
    const uid = await deps.store.findUidByStripeCustomer(state.customerId);
    const current = uid ? (await deps.store.getAccount(uid))?.customer : undefined;
    // A late event about an ended, replaced subscription must not end the one that replaced it.
    const replaced =
      current?.stripeSubscriptionId &&
      current.stripeSubscriptionId !== state.id &&
      planIsActive(current.stripeSubscriptionStatus);
    if (replaced && !planIsActive(state.status)) return { kind: 'none' };
    return {
      kind: 'sync-subscription',
      stripeCustomerId: state.customerId,
      subscriptionId: state.id,
      status: state.status,
      priceId: state.priceId,
      stateAt,
    };
  }
  if (event.type === 'invoice.paid') {
    const subscriptionId = invoiceSubscriptionId(object);
    const stripeCustomerId = idOf(object.customer);
    if (!subscriptionId || !stripeCustomerId) return { kind: 'none' };
    const subscription = await deps.payments.getSubscription(subscriptionId);
    const plan = planForPriceId(subscription.priceId, deps.config.priceIds);
    if (!plan) {
      logs.webhookUnknownPrice(deps.logger, { eventId: event.id, priceId: subscription.priceId });
      return { kind: 'none' };
    }
    const uid = await deps.store.findUidByStripeCustomer(stripeCustomerId);
    const storedPrice = uid ? (await deps.store.getAccount(uid))?.customer.stripePriceId : null;
    const upgrade =
      object.billing_reason === 'subscription_update' || (!!storedPrice && storedPrice !== subscription.priceId);
    return {
      kind: 'grant-credits',
      stripeCustomerId,
      delta: plan.monthlyCredits,
      reason: upgrade ? 'upgrade' : 'subscription',
    };
  }
  return null;
}

/** Verifies the raw body, then applies the event once. A bad signature changes nothing. */
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
  const effect = await effectFor(deps, event);
  if (!effect) {
    logs.webhookIgnored(deps.logger, { eventId: event.id, type: event.type });
    return;
  }
  const result = await deps.store.processStripeEvent({ eventId: event.id, type: event.type, effect });
  logs.webhookProcessed(deps.logger, {
    eventId: event.id,
    type: event.type,
    effect: effect.kind,
    applied: result.applied,
  });
}
