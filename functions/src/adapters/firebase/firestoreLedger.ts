/**
 * Credit changes inside a Firestore transaction (DESIGN §5): the balance and its ledger entry are
 * written together, and a change that would take the balance below 0 aborts the transaction.
 * Callers do all their reads first (Firestore's rule), post any number of entries, then write the
 * customer once with the returned state.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { InsufficientCredits, type CreditChange } from '../../ports/store.js';
import type { FirestoreRefs, StoredCustomer } from './firestoreDocs.js';

export function postLedgerEntry(
  tx: Transaction,
  refs: FirestoreRefs,
  customer: StoredCustomer,
  change: CreditChange,
  at: string,
): StoredCustomer {
  const balanceAfter = customer.creditsRemaining + change.delta;
  if (balanceAfter < 0) throw new InsufficientCredits(customer.creditsRemaining);
  const seq = customer.ledgerSeq + 1;
  // create(), not set(): should a ref ever be posted twice, the transaction fails instead of
  // overwriting the first entry.
  tx.create(refs.ledgerEntry(change.uid, change.ref), {
    delta: change.delta,
    reason: change.reason,
    ref: change.ref,
    balanceAfter,
    at,
    seq,
  });
  return { ...customer, creditsRemaining: balanceAfter, ledgerSeq: seq };
}
