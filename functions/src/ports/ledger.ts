/**
 * The credit ledger part of the Store port. A balance changes only with its ledger entry, in one
 * transaction, never below 0, and once per ref: the rules that say so are CreditRules, which the
 * caller hands in and the store applies to what it read inside the transaction.
 */

/** 'trial': a signed-out visitor's free tries, granted and, at sign-up, taken back (ports/trials.ts). */
export type LedgerReason = 'signup' | 'stage' | 'refund' | 'subscription' | 'upgrade' | 'trial';

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

/** A ledger entry a decision has cleared for writing; the account's balance becomes `balanceAfter`. */
export interface LedgerPosting {
  delta: number;
  reason: LedgerReason;
  ref: string;
  balanceAfter: number;
}

/** What becomes of one credit change. */
export type CreditDecision =
  | { kind: 'post'; entry: LedgerPosting }
  /** Nothing changes: the ref is in the ledger already (or, for the sign-up grant, it is not due yet). */
  | { kind: 'already-posted' }
  /** The balance would go below 0: the store throws InsufficientCredits and changes nothing. */
  | { kind: 'insufficient' };

/** The ledger's part of the credit rules (services/credits.ts); the whole set is CreditRules. */
export interface LedgerRules {
  /** One credit change, given the balance and whether its ref is in the ledger already. */
  credit(change: CreditChange, balance: number, posted: boolean): CreditDecision;
  /**
   * The sign-up grant, once per account and once per person: `grantedAt` is when this account's
   * was settled, if it was; `grantedToOther`, whether a key of this person (services/signupPerson.ts)
   * is recorded with another account's grant.
   */
  signup(state: SignupGrantState): SignupDecision;
}

export interface SignupGrantState {
  uid: string;
  signupCredits: number;
  balance: number;
  grantedAt: string | null;
  grantedToOther: boolean;
}

/**
 * A credit decision, or 'person-granted': this person had the sign-up credits under another
 * account, so none are posted and the account records its grant as settled (nothing more to wait for).
 */
export type SignupDecision = CreditDecision | { kind: 'person-granted' };

export interface LedgerStore {
  /**
   * Applies a credit change with its ledger entry as `rules` decide. Throws InsufficientCredits
   * when refused, AccountNotFound without a customer.
   */
  applyCredit(change: CreditChange, rules: LedgerRules): Promise<CreditResult>;
  /** Newest first. */
  listLedger(uid: string): Promise<LedgerEntry[]>;
}

export class InsufficientCredits extends Error {
  constructor(readonly creditsRemaining: number) {
    super('Not enough credits');
    this.name = 'InsufficientCredits';
  }
}
