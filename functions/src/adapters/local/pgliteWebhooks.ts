/** Webhook events on PGlite: the stripe_events row and the event's effect, in one transaction. */
import type { PGlite } from '@electric-sql/pglite';
import {
  HeldSubscriptionChanged,
  UnknownStripeCustomer,
  type SubscriptionRules,
  type StripeEffect,
  type WebhookEventStore,
} from '../../ports/store.js';
import { applyCreditDecision, isPosted, lockCustomer, toCustomer, type Tx } from './pgliteLedger.js';

async function uidForStripeCustomer(tx: Tx, stripeCustomerId: string): Promise<string> {
  const found = await tx.query<{ uid: string }>('SELECT uid FROM customers WHERE stripe_customer_id = $1', [
    stripeCustomerId,
  ]);
  const uid = found.rows[0]?.uid;
  if (!uid) throw new UnknownStripeCustomer(stripeCustomerId);
  return uid;
}

async function applyEffect(tx: Tx, eventId: string, effect: StripeEffect, rules: SubscriptionRules): Promise<void> {
  switch (effect.kind) {
    case 'none':
      return;
    case 'link-customer': {
      await lockCustomer(tx, effect.uid);
      await tx.query('UPDATE customers SET stripe_customer_id = $2 WHERE uid = $1', [
        effect.uid,
        effect.stripeCustomerId,
      ]);
      return;
    }
    case 'grant-credits': {
      const uid = await uidForStripeCustomer(tx, effect.stripeCustomerId);
      const balance = (await lockCustomer(tx, uid)).credits_remaining;
      const change = { uid, delta: effect.delta, reason: effect.reason, ref: eventId };
      await applyCreditDecision(tx, uid, balance, rules.credit(change, balance, await isPosted(tx, uid, eventId)));
      return;
    }
    case 'sync-subscription': {
      const uid = await uidForStripeCustomer(tx, effect.stripeCustomerId);
      const customer = toCustomer(await lockCustomer(tx, uid));
      const balance = customer.creditsRemaining;
      const decision = rules.syncSubscription({
        uid,
        effect,
        held: customer.stripeSubscriptionId,
        storedAt: customer.subscriptionStateAt,
        balance,
        trialPosted: effect.trialGrant !== null && (await isPosted(tx, uid, effect.trialGrant.ref)),
      });
      if (decision.kind === 'held-changed') throw new HeldSubscriptionChanged(effect.stripeCustomerId);
      if (decision.kind === 'keep-stored') return;
      await tx.query(
        `UPDATE customers SET stripe_subscription_id = $2, stripe_subscription_status = $3, stripe_price_id = $4,
           subscription_state_at = $5 WHERE uid = $1`,
        [uid, effect.subscriptionId, effect.status, effect.priceId, effect.stateAt],
      );
      if (decision.trial) await applyCreditDecision(tx, uid, balance, decision.trial);
      return;
    }
  }
}

export function pgliteWebhooks(db: PGlite): WebhookEventStore {
  return {
    processStripeEvent(input, rules) {
      return db.transaction(async (tx) => {
        const inserted = await tx.query(
          'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
          [input.eventId, input.type],
        );
        if (!inserted.affectedRows) return { applied: false };
        await applyEffect(tx, input.eventId, input.effect, rules);
        return { applied: true };
      });
    },
  };
}
