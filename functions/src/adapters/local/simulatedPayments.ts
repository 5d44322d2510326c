/**
 * Local mode's payment provider: customers, checkout sessions and subscriptions in PGlite, a
 * checkout page and a billing portal page on the local host (/dev/…), and Stripe-shaped events
 * signed with the local webhook secret and POSTed to the real webhook route, so the same
 * verification and handlers run as with Stripe (their delivery: simulatedEvents.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import { planForPriceId, PLANS, type Plan, type PriceIdConfig } from '@flipstage/core';
import type { Payments, SubscriptionState } from '../../ports/payments.js';
import { verifyStripeEvent } from '../stripeWebhook.js';
import {
  invoiceObject,
  newSimulatedId as newId,
  simulatedEvents,
  subscriptionObject,
  type SubscriptionRow,
} from './simulatedEvents.js';

export const DEV_ROUTE = '/dev';

export interface CheckoutView {
  id: string;
  plan: Plan;
  trialDays: number | null;
  status: string;
  cancelUrl: string;
}

export interface PortalView {
  id: string;
  returnUrl: string;
  subscription: { id: string; plan: Plan | null; status: string } | null;
  /** Plans the subscription can switch to. */
  otherPlans: Plan[];
}

export interface SimulatedPayments extends Payments {
  checkoutView(sessionId: string): Promise<CheckoutView | null>;
  /** Creates the subscription, delivers the events and returns the success URL. */
  confirmCheckout(sessionId: string): Promise<string>;
  /** Returns the cancel URL. */
  abandonCheckout(sessionId: string): Promise<string>;
  portalView(sessionId: string): Promise<PortalView | null>;
  /** Ends the portal's live subscription now (customer.subscription.deleted); returns the portal page URL. */
  cancelFromPortal(portalSessionId: string): Promise<string>;
  /** Moves the subscription to another plan (customer.subscription.updated + invoice.paid); returns the portal page URL. */
  switchPlan(portalSessionId: string, planId: string): Promise<string>;
  /** Sends the events a crash or a failed delivery left unsent, as Stripe retries them. */
  redeliverEvents(): Promise<void>;
}

export interface SimulatedPaymentsOptions {
  db: PGlite;
  /** The local host base URL, e.g. http://127.0.0.1:5050. */
  baseUrl: string;
  webhookSecret: string;
  priceIds: PriceIdConfig;
  /** Where events go; defaults to POST {baseUrl}/api/stripe-webhook. */
  deliver?: (payload: string, signature: string) => Promise<void>;
}

interface SessionRow {
  id: string;
  uid: string;
  customer_id: string;
  price_id: string;
  trial_days: number | null;
  success_url: string;
  cancel_url: string;
  status: string;
}

export function createSimulatedPayments(options: SimulatedPaymentsOptions): SimulatedPayments {
  const { db } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const deliver =
    options.deliver ??
    (async (payload: string, signature: string) => {
      const response = await fetch(`${base}/api/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      if (!response.ok) throw new Error(`Webhook delivery failed with ${response.status}: ${await response.text()}`);
    });

  const events = simulatedEvents({ db, webhookSecret: options.webhookSecret, deliver });

  async function session(id: string): Promise<SessionRow | null> {
    return (await db.query<SessionRow>('SELECT * FROM sim_checkout_sessions WHERE id = $1', [id])).rows[0] ?? null;
  }

  /** The live subscription the portal manages, else the latest ended one. */
  async function portalSubscription(customerId: string): Promise<SubscriptionRow | null> {
    const result = await db.query<SubscriptionRow>(
      "SELECT * FROM sim_subscriptions WHERE customer_id = $1 ORDER BY status = 'canceled', created_at DESC LIMIT 1",
      [customerId],
    );
    return result.rows[0] ?? null;
  }

  /** Ends the subscription; `delivered` waits until its event is accepted. */
  async function cancel(subscriptionId: string, delivered: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      const ended = await tx.query<SubscriptionRow>(
        "UPDATE sim_subscriptions SET status = 'canceled' WHERE id = $1 AND status <> 'canceled' RETURNING *",
        [subscriptionId],
      );
      const row = ended.rows[0];
      if (row) await events.record(tx, 'customer.subscription.deleted', subscriptionObject(row));
    });
    if (delivered) await events.deliverPending();
    // Stripe's API answers before it sends the event. The webhook handler that cancels a second
    // subscription is itself a delivery: the round delivering it sends this event next, and
    // waiting here would wait for that round to end. A failed send is retried by the sweep.
    else void events.deliverPending().catch(() => {});
  }

  async function portalSession(id: string) {
    return (
      (
        await db.query<{ id: string; customer_id: string; return_url: string }>(
          'SELECT * FROM sim_portal_sessions WHERE id = $1',
          [id],
        )
      ).rows[0] ?? null
    );
  }

  const portalUrl = (id: string) => `${base}${DEV_ROUTE}/portal/${id}`;

  return {
    async createCustomer({ uid, email, name, idempotencyKey }) {
      const id = newId('cus');
      await db.query(
        'INSERT INTO sim_customers (id, uid, email, name, idempotency_key) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING',
        [id, uid, email, name, idempotencyKey],
      );
      const row = await db.query<{ id: string }>('SELECT id FROM sim_customers WHERE idempotency_key = $1', [
        idempotencyKey,
      ]);
      return row.rows[0]!.id;
    },

    async createCheckoutSession(input) {
      const id = newId('cs');
      await db.query(
        `INSERT INTO sim_checkout_sessions (id, uid, customer_id, price_id, trial_days, success_url, cancel_url, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          id,
          input.uid,
          input.customerId,
          input.priceId,
          input.trialDays,
          input.successUrl,
          input.cancelUrl,
          input.idempotencyKey,
        ],
      );
      const row = await db.query<{ id: string }>('SELECT id FROM sim_checkout_sessions WHERE idempotency_key = $1', [
        input.idempotencyKey,
      ]);
      const sessionId = row.rows[0]!.id;
      return { id: sessionId, url: `${base}${DEV_ROUTE}/checkout/${sessionId}` };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = newId('bps');
      await db.query('INSERT INTO sim_portal_sessions (id, customer_id, return_url) VALUES ($1, $2, $3)', [
        id,
        customerId,
        returnUrl,
      ]);
      return { url: portalUrl(id) };
    },

    async getSubscription(id): Promise<SubscriptionState> {
      const row = (await db.query<SubscriptionRow>('SELECT * FROM sim_subscriptions WHERE id = $1', [id])).rows[0];
      if (!row) throw new Error(`No such subscription: ${id}`);
      return { id: row.id, customerId: row.customer_id, status: row.status, priceId: row.price_id };
    },

    cancelSubscription({ subscriptionId }) {
      return cancel(subscriptionId, false);
    },

    verifyWebhook(rawBody, signature) {
      return verifyStripeEvent(rawBody, signature, options.webhookSecret);
    },

    async checkoutView(sessionId) {
      const row = await session(sessionId);
      const plan = row ? planForPriceId(row.price_id, options.priceIds) : undefined;
      if (!row || !plan) return null;
      return { id: row.id, plan, trialDays: row.trial_days, status: row.status, cancelUrl: row.cancel_url };
    },

    async confirmCheckout(sessionId) {
      const claimed = await db.transaction(async (tx) => {
        const open = await tx.query<SessionRow>(
          "UPDATE sim_checkout_sessions SET status = 'complete' WHERE id = $1 AND status = 'open' RETURNING *",
          [sessionId],
        );
        const row = open.rows[0];
        if (!row) return null;
        const subscription: SubscriptionRow = {
          id: newId('sub'),
          customer_id: row.customer_id,
          price_id: row.price_id,
          status: row.trial_days ? 'trialing' : 'active',
        };
        await tx.query('INSERT INTO sim_subscriptions (id, customer_id, price_id, status) VALUES ($1, $2, $3, $4)', [
          subscription.id,
          subscription.customer_id,
          subscription.price_id,
          subscription.status,
        ]);
        await events.record(tx, 'checkout.session.completed', {
          id: row.id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          client_reference_id: row.uid,
          customer: row.customer_id,
          subscription: subscription.id,
        });
        await events.record(tx, 'customer.subscription.created', subscriptionObject(subscription));
        await events.record(tx, 'invoice.paid', invoiceObject(subscription, 'subscription_create', options.priceIds));
        return row;
      });
      if (!claimed) {
        const existing = await session(sessionId);
        if (existing?.status !== 'complete') throw new Error(`Checkout session ${sessionId} is not open`);
        // A confirmation repeated (a second click, a retry after a crash) delivers what is still unsent.
        await events.deliverPending();
        return existing.success_url;
      }
      await events.deliverPending();
      return claimed.success_url;
    },

    async abandonCheckout(sessionId) {
      const row = await session(sessionId);
      if (!row) throw new Error(`No such checkout session: ${sessionId}`);
      await db.query("UPDATE sim_checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'", [
        sessionId,
      ]);
      return row.cancel_url;
    },

    async portalView(sessionId) {
      const portal = await portalSession(sessionId);
      if (!portal) return null;
      const subscription = await portalSubscription(portal.customer_id);
      const plan = subscription ? (planForPriceId(subscription.price_id, options.priceIds) ?? null) : null;
      const live = subscription && subscription.status !== 'canceled';
      return {
        id: portal.id,
        returnUrl: portal.return_url,
        subscription: subscription ? { id: subscription.id, plan, status: subscription.status } : null,
        otherPlans: live ? PLANS.filter((p) => p.id !== plan?.id && options.priceIds[p.id]) : [],
      };
    },

    async cancelFromPortal(portalSessionId) {
      const portal = await portalSession(portalSessionId);
      if (!portal) throw new Error(`No such portal session: ${portalSessionId}`);
      const subscription = await portalSubscription(portal.customer_id);
      if (subscription) await cancel(subscription.id, true);
      return portalUrl(portalSessionId);
    },

    async switchPlan(portalSessionId, planId) {
      const portal = await portalSession(portalSessionId);
      if (!portal) throw new Error(`No such portal session: ${portalSessionId}`);
      const priceId = PLANS.find((p) => p.id === planId) ? options.priceIds[planId as Plan['id']] : undefined;
      const subscription = await portalSubscription(portal.customer_id);
      if (!priceId || !subscription || subscription.status === 'canceled')
        throw new Error('There is no live subscription to switch');
      const switched = { ...subscription, price_id: priceId, status: 'active' };
      await db.transaction(async (tx) => {
        await tx.query("UPDATE sim_subscriptions SET price_id = $2, status = 'active' WHERE id = $1", [
          subscription.id,
          priceId,
        ]);
        await events.record(tx, 'customer.subscription.updated', subscriptionObject(switched));
        await events.record(tx, 'invoice.paid', invoiceObject(switched, 'subscription_update', options.priceIds));
      });
      await events.deliverPending();
      return portalUrl(portalSessionId);
    },

    redeliverEvents() {
      return events.deliverPending();
    },
  };
}
