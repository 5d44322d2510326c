/**
 * The simulated provider's events, delivered as Stripe delivers them: recorded with the change
 * that caused them (in its transaction), sent in order, signed when sent, and sent again until the
 * webhook route accepts them (Stripe retries for three days). So a host killed between a checkout
 * and its `invoice.paid` still grants the plan's credits when it starts again. The webhook handlers
 * skip an event id they have processed, so a second delivery changes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { planForPriceId, type PriceIdConfig } from '@flipstage/core';
import { signStripePayload } from '../stripeWebhook.js';

export const newSimulatedId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;

export interface SubscriptionRow {
  id: string;
  customer_id: string;
  price_id: string;
  status: string;
}

export const subscriptionObject = (row: SubscriptionRow) => ({
  id: row.id,
  object: 'subscription',
  customer: row.customer_id,
  status: row.status,
  items: { object: 'list', data: [{ object: 'subscription_item', price: { object: 'price', id: row.price_id } }] },
});

/** A trial's first invoice is $0, as Stripe's is; any other charges the plan's price. */
export function invoiceObject(row: SubscriptionRow, billingReason: string, priceIds: PriceIdConfig) {
  const cents = row.status === 'trialing' ? 0 : (planForPriceId(row.price_id, priceIds)?.price ?? 0) * 100;
  return {
    id: newSimulatedId('in'),
    object: 'invoice',
    customer: row.customer_id,
    status: 'paid',
    billing_reason: billingReason,
    total: cents,
    amount_paid: cents,
    parent: { type: 'subscription_details', subscription_details: { subscription: row.id } },
    lines: { object: 'list', data: [{ object: 'line_item', pricing: { price_details: { price: row.price_id } } }] },
  };
}

export interface SimulatedEvents {
  /** Records an event in the transaction that makes it happen. */
  record(tx: Transaction, type: string, object: Record<string, unknown>): Promise<void>;
  /** Sends every event the webhook route has not accepted yet, oldest first; throws at the first refused. */
  deliverPending(): Promise<void>;
}

/** At most this many events are read per round; a round continues until none is left. */
const BATCH = 50;

export function simulatedEvents(options: {
  db: PGlite;
  webhookSecret: string;
  deliver: (payload: string, signature: string) => Promise<void>;
}): SimulatedEvents {
  const { db } = options;

  async function deliverAll(): Promise<void> {
    for (;;) {
      const pending = await db.query<{ seq: string; payload: string }>(
        'SELECT seq, payload FROM sim_events WHERE delivered_at IS NULL ORDER BY seq LIMIT $1',
        [BATCH],
      );
      if (pending.rows.length === 0) return;
      for (const event of pending.rows) {
        await options.deliver(event.payload, signStripePayload(event.payload, options.webhookSecret));
        await db.query('UPDATE sim_events SET delivered_at = now() WHERE seq = $1', [event.seq]);
      }
    }
  }

  // One delivery round at a time, so events reach the route in the order they happened.
  let round: Promise<void> = Promise.resolve();
  return {
    async record(tx, type, object) {
      const event = {
        id: newSimulatedId('evt'),
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      };
      await tx.query('INSERT INTO sim_events (payload) VALUES ($1)', [JSON.stringify(event)]);
    },
    deliverPending() {
      const next = round.then(deliverAll);
      round = next.catch(() => {});
      return next;
    },
  };
}
