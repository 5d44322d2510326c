/**
 * The Store on Cloud Firestore (DESIGN §3). Every operation that changes data is one
 * runTransaction: Firestore retries it on contention, so racing requests serialize on the
 * customer document and the balance rules hold however many arrive at once. Idempotency comes
 * from deterministic document ids (ledger entry per ref, stage request per key, stripe_events per
 * event id), read inside the same transaction as the effect.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { FieldPath } from 'firebase-admin/firestore';
import type { ImageEdit } from '@flipstage/core';
import { AccountNotFound, HeldSubscriptionChanged, UnknownStripeCustomer, type Account, type CreditResult, type Page, type ProfileDoc, type StageResult, type Store, type StripeEffect } from '../../ports/store.js';
import {
  definedFields,
  firestoreRefs,
  getDocuments,
  newCustomer,
  readCustomer,
  readProfile,
  toCustomerDoc,
  toLedgerEntry,
  type FirestoreRefs,
  type StoredCustomer,
  type StoredStageRequest,
} from './firestoreDocs.js';
import { firestoreItems } from './firestoreItems.js';
import { postLedgerEntry } from './firestoreLedger.js';

/**
 * Many requests may race on one customer document (the contract races 25 debits); each losing
 * transaction is retried with backoff, so allow more attempts than the SDK's default of 5.
 */
const MAX_TRANSACTION_ATTEMPTS = 30;

export interface FirestoreStoreOptions {
  /** Ends the Firestore client on close(); off when the client is shared (the Cloud Function). */
  ownsClient?: boolean;
}

function now(): string {
  return new Date().toISOString();
}

async function customerIn(tx: Transaction, refs: FirestoreRefs, uid: string): Promise<StoredCustomer> {
  const customer = readCustomer(await tx.get(refs.customer(uid)));
  if (!customer) throw new AccountNotFound(uid);
  return customer;
}

async function uidForStripeCustomer(tx: Transaction, refs: FirestoreRefs, stripeCustomerId: string): Promise<string> {
  const snap = await tx.get(refs.customers.where('stripeCustomerId', '==', stripeCustomerId).limit(1));
  const doc = snap.docs[0];
  if (!doc) throw new UnknownStripeCustomer(stripeCustomerId);
  return doc.id;
}

export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  const refs = firestoreRefs(db);
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> =>
    db.runTransaction(fn, { maxAttempts: MAX_TRANSACTION_ATTEMPTS });

  /** Reads and decides a webhook effect; returns the writes to make once all reads are done. */
  async function planStripeEffect(tx: Transaction, effect: StripeEffect, eventId: string): Promise<() => void> {
    switch (effect.kind) {
      case 'none':
        return () => {};
      case 'link-customer': {
        const customer = await customerIn(tx, refs, effect.uid);
        return () => tx.set(refs.customer(effect.uid), { ...customer, stripeCustomerId: effect.stripeCustomerId });
      }
      case 'grant-credits': {
        const uid = await uidForStripeCustomer(tx, refs, effect.stripeCustomerId);
        const customer = await customerIn(tx, refs, uid);
        if ((await tx.get(refs.ledgerEntry(uid, eventId))).exists) return () => {};
        return () => {
          const change = { uid, delta: effect.delta, reason: effect.reason, ref: eventId };
          tx.set(refs.customer(uid), postLedgerEntry(tx, refs, customer, change, now()));
        };
      }
      case 'sync-subscription': {
        const uid = await uidForStripeCustomer(tx, refs, effect.stripeCustomerId);
        const customer = await customerIn(tx, refs, uid);
        const held = customer.stripeSubscriptionId;
        if (held !== effect.subscriptionId && held !== effect.heldBefore)
          throw new HeldSubscriptionChanged(effect.stripeCustomerId);
        // Stripe delivers events out of order; state read earlier than what is stored is old news.
        const stale = customer.subscriptionStateAt !== null && effect.stateAt < customer.subscriptionStateAt;
        if (held === effect.subscriptionId && stale) return () => {};
        const grant = effect.trialGrant;
        const grantDue = grant !== null && !(await tx.get(refs.ledgerEntry(uid, grant.ref))).exists;
        return () => {
          let updated: StoredCustomer = {
            ...customer,
            stripeSubscriptionId: effect.subscriptionId,
            stripeSubscriptionStatus: effect.status,
            stripePriceId: effect.priceId,
            subscriptionStateAt: effect.stateAt,
          };
          if (grant && grantDue) {
            const change = { uid, delta: grant.delta, reason: 'subscription' as const, ref: grant.ref };
            updated = postLedgerEntry(tx, refs, updated, change, now());
          }
          tx.set(refs.customer(uid), updated);
        };
      }
    }
  }

  return {
    ensureAccount(uid, profile, signupCredits) {
      return transaction(async (tx): Promise<Account> => {
        const [profileSnap, customerSnap] = await getDocuments(tx, refs.user(uid), refs.customer(uid));
        const storedProfile = readProfile(profileSnap);
        let customer = readCustomer(customerSnap) ?? newCustomer();
        if (!storedProfile) tx.create(refs.user(uid), profile);
        if (customer.signupGrantedAt === null) {
          const at = now();
          customer = postLedgerEntry(tx, refs, customer, { uid, delta: signupCredits, reason: 'signup', ref: 'signup' }, at);
          customer = { ...customer, signupGrantedAt: at };
          tx.set(refs.customer(uid), customer);
        }
        return { uid, profile: storedProfile ?? profile, customer: toCustomerDoc(customer) };
      });
    },

    async getAccount(uid) {
      const [profileSnap, customerSnap] = await getDocuments(db, refs.user(uid), refs.customer(uid));
      const profile = readProfile(profileSnap);
      const customer = readCustomer(customerSnap);
      return profile && customer ? { uid, profile, customer: toCustomerDoc(customer) } : null;
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
        const customer = await customerIn(tx, refs, uid);
        tx.set(refs.customer(uid), { ...customer, stripeCustomerId });
      });
    },

    async findUidByStripeCustomer(stripeCustomerId) {
      const snap = await refs.customers.where('stripeCustomerId', '==', stripeCustomerId).limit(1).get();
      return snap.docs[0]?.id ?? null;
    },

    applyCredit(change) {
      return transaction(async (tx): Promise<CreditResult> => {
        const [customerSnap, entrySnap] = await getDocuments(tx, refs.customer(change.uid), refs.ledgerEntry(change.uid, change.ref));
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(change.uid);
        if (entrySnap.exists) return { creditsRemaining: customer.creditsRemaining, applied: false };
        const updated = postLedgerEntry(tx, refs, customer, change, now());
        tx.set(refs.customer(change.uid), updated);
        return { creditsRemaining: updated.creditsRemaining, applied: true };
      });
    },

    async listLedger(uid) {
      const snap = await refs.ledger(uid).orderBy('seq', 'desc').get();
      return snap.docs.map(toLedgerEntry);
    },

    beginStage({ uid, key, attemptId, staleBefore }) {
      return transaction(async (tx) => {
        const [customerSnap, stageSnap] = await getDocuments(tx, refs.customer(uid), refs.stageRequest(uid, key));
        let customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        const stage = stageSnap.data() as StoredStageRequest | undefined;
        if (stage?.status === 'completed' && stage.result) {
          return { kind: 'completed' as const, result: stage.result, creditsRemaining: customer.creditsRemaining };
        }
        if (stage && stage.startedAt >= staleBefore) return { kind: 'in-progress' as const };
        const at = now();
        if (stage) {
          // The earlier attempt crashed without completing or failing: give its credit back first.
          customer = postLedgerEntry(tx, refs, customer, { uid, delta: 1, reason: 'refund', ref: `refund:${stage.attemptId}` }, at);
        }
        customer = postLedgerEntry(tx, refs, customer, { uid, delta: -1, reason: 'stage', ref: `stage:${attemptId}` }, at);
        tx.set(refs.customer(uid), customer);
        tx.set(refs.stageRequest(uid, key), { key, attemptId, status: 'pending', startedAt: Date.now(), result: null });
        return { kind: 'started' as const, attemptId, creditsRemaining: customer.creditsRemaining };
      });
    },

    completeStage({ uid, key, attemptId, edit }) {
      return transaction(async (tx): Promise<StageResult> => {
        const stageRef = refs.stageRequest(uid, key);
        const stage = (await tx.get(stageRef)).data();
        if (!stage || stage.attemptId !== attemptId || stage.status !== 'pending') {
          throw new Error(`No pending stage attempt ${attemptId}`);
        }
        const result: StageResult = { editId: edit.id, inputUrl: edit.input_image_url, outputUrl: edit.output_image_url };
        tx.create(refs.imageEdits.doc(edit.id), edit);
        tx.update(stageRef, { status: 'completed', result });
        return result;
      });
    },

    failStage({ uid, key, attemptId }) {
      return transaction(async (tx): Promise<CreditResult> => {
        const ref = `refund:${attemptId}`;
        const [customerSnap, stageSnap, refundSnap] = await getDocuments(tx, 
          refs.customer(uid),
          refs.stageRequest(uid, key),
          refs.ledgerEntry(uid, ref),
        );
        const customer = readCustomer(customerSnap);
        if (!customer) throw new AccountNotFound(uid);
        if ((stageSnap.data() as StoredStageRequest | undefined)?.attemptId === attemptId) tx.delete(stageSnap.ref);
        if (refundSnap.exists) return { creditsRemaining: customer.creditsRemaining, applied: false };
        const updated = postLedgerEntry(tx, refs, customer, { uid, delta: 1, reason: 'refund', ref }, now());
        tx.set(refs.customer(uid), updated);
        return { creditsRemaining: updated.creditsRemaining, applied: true };
      });
    },

    async listStaleStages(startedBefore, limit) {
      const snap = await db
        .collectionGroup('stage_requests')
        .where('status', '==', 'pending')
        .where('startedAt', '<', startedBefore)
        .orderBy('startedAt')
        .limit(limit)
        .get();
      return snap.docs.map((doc) => {
        const stage = doc.data() as StoredStageRequest;
        return { uid: doc.ref.parent.parent!.id, key: stage.key, attemptId: stage.attemptId };
      });
    },

    async getStage(uid, key) {
      const stage = (await refs.stageRequest(uid, key).get()).data();
      if (!stage) return null;
      return { status: stage.status, result: stage.status === 'completed' ? stage.result : null };
    },

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

    ...firestoreItems(db),

    processStripeEvent({ eventId, type, effect }) {
      return transaction(async (tx) => {
        const eventRef = refs.stripeEvent(eventId);
        if ((await tx.get(eventRef)).exists) return { applied: false };
        const write = await planStripeEffect(tx, effect, eventId);
        write();
        tx.create(eventRef, { type, processedAt: now() });
        return { applied: true };
      });
    },

    async close() {
      if (options.ownsClient) await db.terminate();
    },
  };
}
