/**
 * A visitor's free tries on Firestore (ports/trials.ts): the customer document, the ledger's trial
 * entries, the address's count for the day (trial_addresses/{day}_{address}) and the held results
 * (customers/{uid}/held_edits) read and written in one transaction.
 */
import type { Transaction } from 'firebase-admin/firestore';
import {
  AccountNotFound,
  TRIAL_END_REF,
  TRIAL_REF,
  type TrialEnd,
  type TrialGrant,
  type TrialStore,
} from '../../ports/store.js';
import { getDocuments, readCustomer, type FirestoreRefs } from './firestoreDocs.js';
import { postCreditDecision } from './firestoreLedger.js';

type RunTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

export function firestoreTrials(refs: FirestoreRefs, transaction: RunTransaction): TrialStore {
  return {
    grantTrial({ uid, credits, address, day, perAddressPerDay }, rules) {
      return transaction(async (tx): Promise<TrialGrant> => {
        const counted = address !== null && perAddressPerDay !== null;
        const addressRef = counted ? refs.trialAddress(day, address) : null;
        const [customerSnap, grantSnap] = await getDocuments(tx, refs.customer(uid), refs.ledgerEntry(uid, TRIAL_REF));
        const addressSnap = addressRef ? await tx.get(addressRef) : null;
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        const addressCount = addressSnap?.data()?.count ?? 0;
        const decision = rules.grantTrial({
          uid,
          credits,
          balance: customer.creditsRemaining,
          granted: grantSnap.exists,
          signedUp: customer.signupGrantedAt !== null,
          addressCount,
          perAddressPerDay: counted ? perAddressPerDay : null,
        });
        if (decision.kind !== 'grant') return { kind: decision.kind, creditsRemaining: customer.creditsRemaining };
        const posted = postCreditDecision(tx, refs, uid, customer, decision.credit, new Date().toISOString());
        if (posted.result.applied) tx.set(refs.customer(uid), posted.customer);
        if (decision.countAddress && addressRef) tx.set(addressRef, { count: addressCount + 1 });
        return { kind: 'granted', creditsRemaining: posted.result.creditsRemaining };
      });
    },

    endTrial(uid, rules) {
      return transaction(async (tx): Promise<TrialEnd> => {
        const [customerSnap, grantSnap, endSnap] = await getDocuments(
          tx,
          refs.customer(uid),
          refs.ledgerEntry(uid, TRIAL_REF),
          refs.ledgerEntry(uid, TRIAL_END_REF),
        );
        const held = await tx.get(refs.heldEdits(uid));
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        const decision = rules.endTrial({
          uid,
          balance: customer.creditsRemaining,
          granted: grantSnap.exists,
          ended: endSnap.exists,
        });
        const posted = postCreditDecision(tx, refs, uid, customer, decision, new Date().toISOString());
        if (posted.result.applied) tx.set(refs.customer(uid), posted.customer);
        for (const edit of held.docs) {
          tx.create(refs.imageEdits.doc(edit.id), edit.data());
          tx.delete(edit.ref);
        }
        return {
          ended: posted.result.applied,
          releasedEdits: held.size,
          creditsRemaining: posted.result.creditsRemaining,
        };
      });
    },
  };
}
