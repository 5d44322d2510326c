/**
 * The Store on Cloud Firestore (DESIGN §3). Every operation that changes data is one
 * runTransaction: Firestore retries it on contention, so racing requests serialize on the
 * customer document and the balance rules hold however many arrive at once. Idempotency comes
 * from deterministic document ids (ledger entry per ref, stage request per key, stripe_events per
 * event id), read inside the same transaction as the effect; the credit rules arrive with each
 * call (ports/creditRules.ts), so this adapter only reads, asks and writes.
 */
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { FieldPath } from 'firebase-admin/firestore';
import type { ImageEdit } from '@flipstage/core';
import {
  AccountNotFound,
  type Account,
  type CreditResult,
  type Page,
  type ProfileDoc,
  type Store,
} from '../../ports/store.js';
import {
  accountCreatedAt,
  definedFields,
  firestoreRefs,
  getDocuments,
  newCustomer,
  readCustomer,
  readProfile,
  toCustomerDoc,
  toLedgerEntry,
} from './firestoreDocs.js';
import { firestoreConversations } from './firestoreConversations.js';
import { firestoreItems } from './firestoreItems.js';
import { firestoreMarketplacePosts } from './firestoreMarketplacePosts.js';
import { postCreditDecision } from './firestoreLedger.js';
import { firestoreModeration } from './firestoreModeration.js';
import { firestoreStages } from './firestoreStages.js';
import { firestoreTrials } from './firestoreTrials.js';
import { firestoreWebhooks } from './firestoreWebhooks.js';

/**
 * Many requests may race on one customer document (the contract races 25 debits); each losing
 * transaction is retried with backoff, so allow more attempts than the SDK's default of 5.
 */
const MAX_TRANSACTION_ATTEMPTS = 30;

export interface FirestoreStoreOptions {
  /** Ends the Firestore client on close(); off when the client is shared (the Cloud Function). */
  ownsClient?: boolean;
}

export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  const refs = firestoreRefs(db);
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
    db.runTransaction(fn, { maxAttempts: MAX_TRANSACTION_ATTEMPTS });

  return {
    ensureAccount(uid, profile, signupCredits, rules, personKeys = []) {
      return transaction(async (tx): Promise<Account> => {
        const grantRefs = personKeys.map((key) => refs.signupGrant(key));
        const [[profileSnap, customerSnap], grantSnaps] = await Promise.all([
          getDocuments(tx, refs.user(uid), refs.customer(uid)),
          grantRefs.length > 0 ? tx.getAll(...grantRefs) : Promise.resolve([]),
        ]);
        const storedProfile = readProfile(profileSnap);
        const storedCustomer = readCustomer(customerSnap);
        const customer = storedCustomer ?? newCustomer();
        const at = new Date().toISOString();
        if (!storedProfile) tx.create(refs.user(uid), { ...profile, created_at: at });
        const createdAt = storedProfile ? accountCreatedAt(profileSnap) : at;
        const balance = customer.creditsRemaining;
        const grantedToOther = grantSnaps.some((snap) => snap.exists && snap.data()?.uid !== uid);
        const grant = rules.signup({ uid, signupCredits, balance, grantedAt: customer.signupGrantedAt, grantedToOther });
        if (grant.kind === 'person-granted') {
          const settled = { ...customer, signupGrantedAt: at };
          tx.set(refs.customer(uid), settled);
          return { uid, profile: storedProfile ?? profile, customer: toCustomerDoc(settled), createdAt };
        }
        const posted = postCreditDecision(tx, refs, uid, customer, grant, at);
        if (!posted.result.applied) {
          // A grant that waits for verification still leaves a whole account to read and pay into.
          if (!storedCustomer) tx.create(refs.customer(uid), customer);
          return { uid, profile: storedProfile ?? profile, customer: toCustomerDoc(customer), createdAt };
        }
        const granted = { ...posted.customer, signupGrantedAt: at };
        tx.set(refs.customer(uid), granted);
        for (const ref of grantRefs) tx.set(ref, { uid, at });
        return { uid, profile: storedProfile ?? profile, customer: toCustomerDoc(granted), createdAt };
      });
    },

    async getAccount(uid) {
      const [profileSnap, customerSnap] = await getDocuments(db, refs.user(uid), refs.customer(uid));
      const profile = readProfile(profileSnap);
      const customer = readCustomer(customerSnap);
      return profile && customer
        ? { uid, profile, customer: toCustomerDoc(customer), createdAt: accountCreatedAt(profileSnap) }
        : null;
    },

    updateProfile(uid, patch) {
      return transaction(async (tx): Promise<ProfileDoc> => {
        const profile = readProfile(await tx.get(refs.user(uid)));
        if (!profile) throw new AccountNotFound(uid);
        const changes = definedFields({ name: patch.name, avatar: patch.avatar });
        if (Object.keys(changes).length > 0) tx.update(refs.user(uid), changes);
        return { ...profile, ...changes };
      });
    },

    setStripeCustomer(uid, stripeCustomerId) {
      return transaction(async (tx) => {
        const customer = readCustomer(await tx.get(refs.customer(uid)));
        if (!customer) throw new AccountNotFound(uid);
        tx.set(refs.customer(uid), { ...customer, stripeCustomerId });
      });
    },

    async findUidByStripeCustomer(stripeCustomerId) {
      const snap = await refs.customers.where('stripeCustomerId', '==', stripeCustomerId).limit(1).get();
      return snap.docs[0]?.id ?? null;
    },

    applyCredit(change, rules) {
      return transaction(async (tx): Promise<CreditResult> => {
        const { uid, ref } = change;
        const [customerSnap, entrySnap] = await getDocuments(tx, refs.customer(uid), refs.ledgerEntry(uid, ref));
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        const decision = rules.credit(change, customer.creditsRemaining, entrySnap.exists);
        const posted = postCreditDecision(tx, refs, uid, customer, decision, new Date().toISOString());
        if (posted.result.applied) tx.set(refs.customer(uid), posted.customer);
        return posted.result;
      });
    },

    async listLedger(uid) {
      const snap = await refs.ledger(uid).orderBy('seq', 'desc').get();
      return snap.docs.map(toLedgerEntry);
    },

    ...firestoreStages(db, refs, transaction),
    ...firestoreTrials(refs, transaction),

    async listImageEdits(uid, after, limit): Promise<Page<ImageEdit>> {
      let query = refs.imageEdits
        .where('user_id', '==', uid)
        .orderBy('created_at', 'desc')
        .orderBy(FieldPath.documentId(), 'desc')
        .limit(limit + 1);
      if (after) query = query.startAfter(after.createdAt, after.id);
      const edits = (await query.get()).docs.map((doc) => doc.data());
      const data = edits.slice(0, limit);
      const last = data[data.length - 1];
      return { data, next: edits.length > limit && last ? { createdAt: last.created_at, id: last.id } : null };
    },

    async getImageEdits(uid, ids): Promise<ImageEdit[]> {
      if (ids.length === 0) return [];
      // getAll answers in the order of its refs (and drops their converter's type), so no sort.
      const snaps = (await db.getAll(...ids.map((id) => refs.imageEdits.doc(id)))) as DocumentSnapshot<ImageEdit>[];
      return snaps.flatMap((snap) => {
        const edit = snap.data();
        return edit && edit.user_id === uid ? [edit] : [];
      });
    },

    ...firestoreItems(db),
    ...firestoreWebhooks(refs, transaction),
    ...firestoreConversations(db),
    ...firestoreModeration(db, refs, transaction),
    ...firestoreMarketplacePosts(db),

    async close() {
      if (options.ownsClient) await db.terminate();
    },
  };
}
