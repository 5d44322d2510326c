/**
 * Writing credit decisions inside a Firestore transaction (DESIGN §5): the balance and its ledger
 * entry are written together. Callers do all their reads first (Firestore's rule), ask the credit
 * rules, post what they decided, then write the customer once with the returned state.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { InsufficientCredits, type CreditDecision, type CreditResult, type LedgerPosting } from '../../ports/store.js';
import type { FirestoreRefs, StoredCustomer } from './firestoreDocs.js';

export function postLedgerEntry(
  tx: Transaction,
  refs: FirestoreRefs,
  uid: string,
  customer: StoredCustomer,
  entry: LedgerPosting,
  at: string,
): StoredCustomer {
  const seq = customer.ledgerSeq + 1;
  // create(), not set(): should a ref ever be posted twice, the transaction fails instead of
  // overwriting the first entry.
  const { delta, reason, ref, balanceAfter } = entry;
  tx.create(refs.ledgerEntry(uid, ref), { delta, reason, ref, balanceAfter, at, seq });
  return { ...customer, creditsRemaining: entry.balanceAfter, ledgerSeq: seq };
}

/** Posts what one credit decision says; an insufficient balance aborts the transaction. */
export function postCreditDecision(
  tx: Transaction,
  refs: FirestoreRefs,
  uid: string,
  customer: StoredCustomer,
  decision: CreditDecision,
  at: string,
): { customer: StoredCustomer; result: CreditResult } {
  switch (decision.kind) {
    case 'insufficient':
      throw new InsufficientCredits(customer.creditsRemaining);
    case 'already-posted':
      return { customer, result: { creditsRemaining: customer.creditsRemaining, applied: false } };
    case 'post': {
      const updated = postLedgerEntry(tx, refs, uid, customer, decision.entry, at);
      return { customer: updated, result: { creditsRemaining: updated.creditsRemaining, applied: true } };
    }
  }
}
