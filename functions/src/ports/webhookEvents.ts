/**
 * The webhook events part of the Store port: each verified event is recorded with its effect in
 * one transaction, so a replay changes nothing.
 */
import type { CreditDecision, LedgerRules } from './ledger.js';

/** What a verified webhook event does, decided by the billing service; applied with the event record. */
export type StripeEffect =
  | { kind: 'none' }
  | { kind: 'link-customer'; uid: string; stripeCustomerId: string }
  /** Granted under the event id as its ledger ref. */
  | { kind: 'grant-credits'; stripeCustomerId: string; delta: number; reason: 'subscription' | 'upgrade' }
  | SyncSubscriptionEffect;

export interface SyncSubscriptionEffect {
  kind: 'sync-subscription';
  stripeCustomerId: string;
  subscriptionId: string;
  status: string;
  priceId: string | null;
  /** When the state was read (epoch ms); a stored state of the same subscription read later wins. */
  stateAt: number;
  /**
   * The subscription the account held when the service decided; should it hold another by
   * now, the store throws HeldSubscriptionChanged and applies nothing, so the service decides again.
   */
  heldBefore: string | null;
  /** The customer's one free-trial grant, applied with this state (a ref already in the ledger changes nothing). */
  trialGrant: { delta: number; ref: string } | null;
}

/** What the store read before a subscription state is synced. */
export interface SubscriptionSyncState {
  uid: string;
  effect: SyncSubscriptionEffect;
  /** The subscription the account holds now. */
  held: string | null;
  /** When the stored state was read (epoch ms). */
  storedAt: number | null;
  balance: number;
  /** Whether the ledger holds the effect's trial grant ref already. */
  trialPosted: boolean;
}

export type SubscriptionSyncDecision =
  /** The store throws HeldSubscriptionChanged and applies nothing. */
  | { kind: 'held-changed' }
  /** The stored state is newer: nothing changes (the event is still recorded). */
  | { kind: 'keep-stored' }
  /** Store the effect's state, and the trial grant when there is one. */
  | { kind: 'apply'; trial: CreditDecision | null };

export interface StripeEventInput {
  eventId: string;
  type: string;
  effect: StripeEffect;
}

export interface StripeEventResult {
  /** False when the event id was recorded before: nothing changed. */
  applied: boolean;
}

/** Which subscription state wins (services/credits.ts); applying an event may also post credits. */
export interface SubscriptionRules extends LedgerRules {
  syncSubscription(state: SubscriptionSyncState): SubscriptionSyncDecision;
}

export interface WebhookEventStore {
  /** Records the event id and applies its effect, as `rules` decide, in one transaction; a recorded id changes nothing. */
  processStripeEvent(input: StripeEventInput, rules: SubscriptionRules): Promise<StripeEventResult>;
}

/** Another event changed which subscription the account holds while this one was being decided. */
export class HeldSubscriptionChanged extends Error {
  constructor(readonly stripeCustomerId: string) {
    super(`The subscription held by Stripe customer ${stripeCustomerId} changed`);
    this.name = 'HeldSubscriptionChanged';
  }
}

/** A webhook effect names a Stripe customer that no account is linked to; Stripe should retry. */
export class UnknownStripeCustomer extends Error {
  constructor(readonly stripeCustomerId: string) {
    super(`No account for Stripe customer ${stripeCustomerId}`);
    this.name = 'UnknownStripeCustomer';
  }
}
