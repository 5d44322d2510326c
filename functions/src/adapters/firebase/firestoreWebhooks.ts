/**
 * Webhook events on Firestore: stripe_events/{eventId} is read and created in the same
 * transaction as the event's effect, so a replay finds it and changes nothing.
 */
import type { Transaction } from 'firebase-admin/firestore';
import {
  AccountNotFound,
  HeldSubscriptionChanged,
  UnknownStripeCustomer,
  type SubscriptionRules,
  type StripeEffect,
  type WebhookEventStore,
} from '../../ports/store.js';
import { getDocuments, readCustomer, type FirestoreRefs } from './firestoreDocs.js';
import { postCreditDecision } from './firestoreLedger.js';

type RunTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

async function uidForStripeCustomer(tx: Transaction, refs: FirestoreRefs, stripeCustomerId: string): Promise<string> {
  const snap = await tx.get(refs.customers.where('stripeCustomerId', '==', stripeCustomerId).limit(1));
  const doc = snap.docs[0];
  if (!doc) throw new UnknownStripeCustomer(stripeCustomerId);
  return doc.id;
}

/** Reads and decides a webhook effect; returns the writes to make once all reads are done. */
async function planEffect(
  tx: Transaction,
  refs: FirestoreRefs,
  rules: SubscriptionRules,
  effect: StripeEffect,
  eventId: string,
  at: string,
): Promise<() => void> {
  switch (effect.kind) {
    case 'none':
      return () => {};
    case 'link-customer': {
      const customer = readCustomer(await tx.get(refs.customer(effect.uid)));
      if (!customer) throw new AccountNotFound(effect.uid);
      return () => tx.set(refs.customer(effect.uid), { ...customer, stripeCustomerId: effect.stripeCustomerId });
    }
    case 'grant-credits': {
      const uid = await uidForStripeCustomer(tx, refs, effect.stripeCustomerId);
      const [customerSnap, entrySnap] = await getDocuments(tx, refs.customer(uid), refs.ledgerEntry(uid, eventId));
      const customer = readCustomer(customerSnap);
      if (!customer) throw new AccountNotFound(uid);
      const change = { uid, delta: effect.delta, reason: effect.reason, ref: eventId };
      const decision = rules.credit(change, customer.creditsRemaining, entrySnap.exists);
      return () => {
        const posted = postCreditDecision(tx, refs, uid, customer, decision, at);
        if (posted.result.applied) tx.set(refs.customer(uid), posted.customer);
      };
    }
    case 'sync-subscription': {
      const uid = await uidForStripeCustomer(tx, refs, effect.stripeCustomerId);
      const customer = readCustomer(await tx.get(refs.customer(uid)));
      if (!customer) throw new AccountNotFound(uid);
      const trialPosted =
        effect.trialGrant !== null && (await tx.get(refs.ledgerEntry(uid, effect.trialGrant.ref))).exists;
      const decision = rules.syncSubscription({
        uid,
        effect,
        held: customer.stripeSubscriptionId,
        storedAt: customer.subscriptionStateAt,
        balance: customer.creditsRemaining,
        trialPosted,
      });
      if (decision.kind === 'held-changed') throw new HeldSubscriptionChanged(effect.stripeCustomerId);
      if (decision.kind === 'keep-stored') return () => {};
      return () => {
        const synced = {
          ...customer,
          stripeSubscriptionId: effect.subscriptionId,
          stripeSubscriptionStatus: effect.status,
          stripePriceId: effect.priceId,
          subscriptionStateAt: effect.stateAt,
        };
        const trial = decision.trial && postCreditDecision(tx, refs, uid, synced, decision.trial, at);
        tx.set(refs.customer(uid), trial ? trial.customer : synced);
      };
    }
  }
}

export function firestoreWebhooks(refs: FirestoreRefs, transaction: RunTransaction): WebhookEventStore {
  return {
    processStripeEvent({ eventId, type, effect }, rules) {
      return transaction(async (tx) => {
        const eventRef = refs.stripeEvent(eventId);
        if ((await tx.get(eventRef)).exists) return { applied: false };
        const at = new Date().toISOString();
        const write = await planEffect(tx, refs, rules, effect, eventId, at);
        write();
        tx.create(eventRef, { type, processedAt: at });
        return { applied: true };
      });
    },
  };
}
