/** The accounts part of the Store port: the profile and customer records behind a user (DESIGN §3). */
import type { LedgerRules } from './ledger.js';

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
  /** When the account was made (ISO instant): a listing's "member since". Null for Firestore accounts made before it was recorded. */
  createdAt: string | null;
}

export interface AccountStore {
  /**
   * Creates users/{uid} and customers/{uid} when missing and grants the sign-up credits once
   * (ledger reason 'signup', ref 'signup'), as `rules` decide, reading and recording the person's
   * keys (`personKeys`, services/signupPerson.ts) in the same transaction, in records that outlive
   * the account. Safe to call any number of times, concurrently.
   */
  ensureAccount(
    uid: string,
    profile: ProfileDoc,
    signupCredits: number,
    rules: LedgerRules,
    personKeys?: readonly string[],
  ): Promise<Account>;
  getAccount(uid: string): Promise<Account | null>;
  /** Changes only name and avatar; throws AccountNotFound when there is no profile. */
  updateProfile(uid: string, patch: { name?: string; avatar?: string }): Promise<ProfileDoc>;
  /** Throws AccountNotFound. Used to reuse the Stripe customer. */
  setStripeCustomer(uid: string, stripeCustomerId: string): Promise<void>;
  findUidByStripeCustomer(stripeCustomerId: string): Promise<string | null>;
}

export class AccountNotFound extends Error {
  constructor(readonly uid: string) {
    super(`No account for ${uid}`);
    this.name = 'AccountNotFound';
  }
}
