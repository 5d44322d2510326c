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

/**
 * Writes entries in order (their seq orders the ledger: VALUES rows are inserted, and draw their
 * seq, in the order written) and leaves the balance the last one names, in one statement.
 */
export async function postEntries(tx: Tx, uid: string, entries: LedgerPosting[]): Promise<void> {
  const last = entries[entries.length - 1];
  if (!last) return;
  await tx.query(...postingStatement(uid, entries, last.balanceAfter));
}

/**
 * The ledger rows and the new balance as one statement, and optionally one more write of the
 * caller's in it (`then`, whose SQL numbers its own parameters from $3: $1 is the uid and $2 the
 * balance). One round trip where each would be its own; they succeed or fail together.
 */
export function postingStatement(
  uid: string,
  entries: readonly LedgerPosting[],
  balance: number,
  then: { sql: string; params: readonly unknown[] } = { sql: 'SELECT 1', params: [] },
): [string, unknown[]] {
  const params: unknown[] = [uid, balance, ...then.params];
  const rows = entries.map((entry) => {
    const at = params.length;
    params.push(randomUUID(), entry.delta, entry.reason, entry.ref, entry.balanceAfter);
    return `($${at + 1}, $1, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, now())`;
  });
  const sql = `WITH posted AS (
      INSERT INTO ledger (id, uid, delta, reason, ref, balance_after, at) VALUES ${rows.join(', ')}
    ), credited AS (
      UPDATE customers SET credits_remaining = $2 WHERE uid = $1
    ) ${then.sql}`;
  return [sql, params];
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
