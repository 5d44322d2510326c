/**
 * The credit ledger on PGlite, and how the other parts of the store apply a credit decision: the
 * customer row is locked first (SELECT … FOR UPDATE), so what the rules read cannot change before
 * their decision is written. The CHECK (credits_remaining >= 0) and UNIQUE (uid, ref) constraints
 * back the rules up should a bug slip through.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  AccountNotFound,
  InsufficientCredits,
  type CreditDecision,
  type CreditResult,
  type CustomerDoc,
  type LedgerEntry,
  type LedgerPosting,
  type LedgerReason,
  type LedgerStore,
} from '../../ports/store.js';

export type Tx = Transaction | PGlite;

export interface CustomerRow {
  credits_remaining: number;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_subscription_status: string | null;
  stripe_price_id: string | null;
  subscription_state_at: string | number | null;
  signup_granted_at: Date | null;
}

export function toCustomer(row: CustomerRow): CustomerDoc {
  return {
    creditsRemaining: row.credits_remaining,
    stripeCustomerId: row.stripe_customer_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    stripeSubscriptionStatus: row.stripe_subscription_status,
    stripePriceId: row.stripe_price_id,
    subscriptionStateAt: row.subscription_state_at === null ? null : Number(row.subscription_state_at),
    signupGrantedAt: row.signup_granted_at ? row.signup_granted_at.toISOString() : null,
  };
}

export async function lockCustomer(tx: Tx, uid: string): Promise<CustomerRow> {
  const result = await tx.query<CustomerRow>('SELECT * FROM customers WHERE uid = $1 FOR UPDATE', [uid]);
  const row = result.rows[0];
  if (!row) throw new AccountNotFound(uid);
  return row;
}

export async function isPosted(tx: Tx, uid: string, ref: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM ledger WHERE uid = $1 AND ref = $2', [uid, ref])).rows.length > 0;
}

/** Writes entries in order (their seq orders the ledger) and leaves the balance the last one names. */
export async function postEntries(tx: Tx, uid: string, entries: LedgerPosting[]): Promise<void> {
  for (const entry of entries) {
    await tx.query(
      'INSERT INTO ledger (id, uid, delta, reason, ref, balance_after, at) VALUES ($1, $2, $3, $4, $5, $6, now())',
      [randomUUID(), uid, entry.delta, entry.reason, entry.ref, entry.balanceAfter],
    );
  }
  const last = entries[entries.length - 1];
  if (last) await tx.query('UPDATE customers SET credits_remaining = $2 WHERE uid = $1', [uid, last.balanceAfter]);
}

/** Applies one credit decision to an account whose row this transaction has locked at `balance`. */
export async function applyCreditDecision(
  tx: Tx,
  uid: string,
  balance: number,
  decision: CreditDecision,
): Promise<CreditResult> {
  switch (decision.kind) {
    case 'insufficient':
      throw new InsufficientCredits(balance);
    case 'already-posted':
      return { creditsRemaining: balance, applied: false };
    case 'post':
      await postEntries(tx, uid, [decision.entry]);
      return { creditsRemaining: decision.entry.balanceAfter, applied: true };
  }
}

export function pgliteLedger(db: PGlite): LedgerStore {
  return {
    applyCredit(change, rules) {
      return db.transaction(async (tx) => {
        const balance = (await lockCustomer(tx, change.uid)).credits_remaining;
        const decision = rules.credit(change, balance, await isPosted(tx, change.uid, change.ref));
        return applyCreditDecision(tx, change.uid, balance, decision);
      });
    },

    async listLedger(uid) {
      const result = await db.query<{
        id: string;
        delta: number;
        reason: LedgerReason;
        ref: string;
        balance_after: number;
        at: Date;
      }>('SELECT id, delta, reason, ref, balance_after, at FROM ledger WHERE uid = $1 ORDER BY seq DESC', [uid]);
      return result.rows.map((r): LedgerEntry => ({
        id: r.id,
        delta: r.delta,
        reason: r.reason,
        ref: r.ref,
        balanceAfter: r.balance_after,
        at: r.at.toISOString(),
      }));
    },
  };
}
