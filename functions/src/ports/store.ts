/**
 * The Store port: accounts, the credit ledger, stage bookkeeping, image edits, listings and
 * webhook events. Every method that changes data is one whole operation in ONE transaction, so
 * Firestore and PGlite give the same guarantees: a balance never goes below 0, a ledger entry
 * never exists without its effect, a webhook event never applies twice.
 */
import type { ImageEdit, Item } from '@flipstage/core';

/** users/{uid} */
export interface ProfileDoc {
  name: string | null;
  email: string | null;
  avatar: string | null;
}

/** customers/{uid} */
export interface CustomerDoc {
  creditsRemaining: number;
  stripeCustomerId: string | null;
  /** The last synced subscription; once set, later checkouts get no free trial (first subscription only). */
  stripeSubscriptionId: string | null;
  stripeSubscriptionStatus: string | null;
  stripePriceId: string | null;
  /** When the stored subscription state was read from the payment provider (epoch ms); older reads are ignored. */
  subscriptionStateAt: number | null;
  signupGrantedAt: string | null;
}

export interface Account {
  uid: string;
  profile: ProfileDoc;
  customer: CustomerDoc;
}

export type LedgerReason = 'signup' | 'stage' | 'refund' | 'subscription' | 'upgrade';

/** customers/{uid}/ledger/{entryId} */
export interface LedgerEntry {
  id: string;
  delta: number;
  reason: LedgerReason;
  /** Idempotency reference: unique per account. */
  ref: string;
  balanceAfter: number;
  at: string;
}

export interface CreditChange {
  uid: string;
  /** Positive grants, negative debits. */
  delta: number;
  reason: LedgerReason;
  ref: string;
}

export interface CreditResult {
  creditsRemaining: number;
  /** False when an entry with the same ref already existed: nothing changed. */
  applied: boolean;
}

/** The image_edits/{id} record before it is stored. */
export type NewImageEdit = ImageEdit;

export interface StageResult {
  editId: string;
  inputUrl: string;
  outputUrl: string;
}

/** The outcome of beginStage: a fresh attempt (credit debited), or a key seen before. */
export type StageBegin =
  | { kind: 'started'; attemptId: string; creditsRemaining: number }
  | { kind: 'completed'; result: StageResult; creditsRemaining: number }
  | { kind: 'in-progress' };

export interface BeginStageInput {
  uid: string;
  /** The Idempotency-Key, scoped to the account. */
  key: string;
  /** A fresh id for this attempt; the ledger refs are derived from it. */
  attemptId: string;
  /** A pending attempt older than this (epoch ms) is treated as crashed: refunded and restarted. */
  staleBefore: number;
}

/** items/{id} as stored: the API's Item plus its search tokens. */
export interface ItemDoc extends Item {
  /** True when an image came from the owner's own staging results (ITEM_STAGED_FROM_FIELD). */
  aiStaged: boolean;
  keywords: string[];
}

/** Images, thumbs and aiStaged change only together, when new images are sent. */
export type ItemPatch = Pick<
  ItemDoc,
  'title' | 'description' | 'price' | 'tags' | 'state' | 'keywords' | 'updated_at'
> &
  Partial<Pick<ItemDoc, 'images' | 'thumbs' | 'aiStaged'>>;

/** Position in the newest-first order (created_at desc, id desc); the service encodes it as an opaque cursor. */
export interface PageAfter {
  createdAt: string;
  id: string;
}

export interface ItemQuery {
  /** Every token must be among the item's keywords. */
  tokens: string[];
  /** The item's tags must contain this tag. */
  tag: string | null;
  /** Sold items are listed only for their owner. */
  viewer: string | null;
  after: PageAfter | null;
  limit: number;
}

export interface Page<T> {
  data: T[];
  /** Set when there may be more rows after the last one returned. */
  next: PageAfter | null;
}

/** What a verified webhook event does, decided by the billing service; applied with the event record. */
export type StripeEffect =
  | { kind: 'none' }
  | { kind: 'link-customer'; uid: string; stripeCustomerId: string }
  | { kind: 'grant-credits'; stripeCustomerId: string; delta: number; reason: 'subscription' | 'upgrade' }
  | {
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
    };

export interface StripeEventInput {
  eventId: string;
  type: string;
  effect: StripeEffect;
}

export interface StripeEventResult {
  /** False when the event id was recorded before: nothing changed. */
  applied: boolean;
}

export interface Store {
  /**
   * Creates users/{uid} and customers/{uid} when missing and grants the sign-up credits once
   * (ledger reason 'signup', ref 'signup'). Safe to call any number of times, concurrently.
   */
  ensureAccount(uid: string, profile: ProfileDoc, signupCredits: number): Promise<Account>;
  getAccount(uid: string): Promise<Account | null>;
  /** Changes only name and avatar; throws AccountNotFound when there is no profile. */
  updateProfile(uid: string, patch: { name?: string; avatar?: string }): Promise<ProfileDoc>;
  /** Throws AccountNotFound. Used to reuse the Stripe customer. */
  setStripeCustomer(uid: string, stripeCustomerId: string): Promise<void>;
  findUidByStripeCustomer(stripeCustomerId: string): Promise<string | null>;

  /**
   * Applies a credit change with its ledger entry. Idempotent by (uid, ref). Throws
   * InsufficientCredits when the balance would go below 0, AccountNotFound without a customer.
   */
  applyCredit(change: CreditChange): Promise<CreditResult>;
  /** Newest first. */
  listLedger(uid: string): Promise<LedgerEntry[]>;

  /**
   * Stage bookkeeping for (uid, key), one transaction: a new key debits 1 credit (reason
   * 'stage', ref `stage:{attemptId}`) and records a pending attempt; a completed key returns its
   * result; a pending key answers in-progress unless stale (then it is refunded and restarted).
   * Throws InsufficientCredits.
   */
  beginStage(input: BeginStageInput): Promise<StageBegin>;
  /** Records the image edit and marks the attempt completed, in one transaction. */
  completeStage(input: { uid: string; key: string; attemptId: string; edit: NewImageEdit }): Promise<StageResult>;
  /** Refunds the attempt's credit (reason 'refund', ref `refund:{attemptId}`) and forgets the key, so a retry starts over. */
  failStage(input: { uid: string; key: string; attemptId: string }): Promise<CreditResult>;
  /** Pending attempts started before `startedBefore`, oldest first: a crashed or killed request never refunded them. */
  listStaleStages(
    startedBefore: number,
    limit: number,
  ): Promise<Array<{ uid: string; key: string; attemptId: string }>>;
  /** The completed result for a key, if any (used while waiting for an in-progress duplicate). */
  getStage(uid: string, key: string): Promise<{ status: 'pending' | 'completed'; result: StageResult | null } | null>;

  /** The user's own image edits, newest first. */
  listImageEdits(uid: string, after: PageAfter | null, limit: number): Promise<Page<ImageEdit>>;

  createItem(item: ItemDoc): Promise<ItemDoc>;
  getItem(id: string): Promise<ItemDoc | null>;
  /** Owner-checked inside the transaction: throws ItemNotFound or NotItemOwner. */
  updateItem(id: string, owner: string, patch: ItemPatch): Promise<ItemDoc>;
  /** Newest first; only active items plus the viewer's own sold ones. */
  searchItems(query: ItemQuery): Promise<Page<ItemDoc>>;

  /** Records the event id and applies its effect in one transaction; a recorded id changes nothing. */
  processStripeEvent(input: StripeEventInput): Promise<StripeEventResult>;

  close(): Promise<void>;
}

export class InsufficientCredits extends Error {
  constructor(readonly creditsRemaining: number) {
    super('Not enough credits');
    this.name = 'InsufficientCredits';
  }
}

export class AccountNotFound extends Error {
  constructor(readonly uid: string) {
    super(`No account for ${uid}`);
    this.name = 'AccountNotFound';
  }
}

export class ItemNotFound extends Error {
  constructor(readonly id: string) {
    super(`No item ${id}`);
    this.name = 'ItemNotFound';
  }
}

export class NotItemOwner extends Error {
  constructor(readonly id: string) {
    super(`Not the owner of item ${id}`);
    this.name = 'NotItemOwner';
  }
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
