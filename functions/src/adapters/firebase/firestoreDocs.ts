/**
 * Where each record of DESIGN §3 lives in Firestore and how a stored document maps back to the
 * port's types. Times are ISO strings, as the API returns them, so a record reads back exactly as
 * it was written and string order is time order.
 */
import { createHash } from 'node:crypto';
import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS, CUSTOMER_SUBCOLLECTIONS, type ImageEdit, type StageProgress } from '@flipstage/core';
import type { CustomerDoc, ItemDoc, LedgerEntry, LedgerReason, ProfileDoc, StageResult } from '../../ports/store.js';

/** users/{uid} as stored: the profile plus when the account was made (absent on accounts made before it was recorded). */
export interface StoredProfile extends ProfileDoc {
  created_at?: string;
}

/** customers/{uid} as stored: the port's record plus the ledger's running sequence number. */
export interface StoredCustomer extends CustomerDoc {
  /** Orders ledger entries written in the same millisecond (one transaction may write two). */
  ledgerSeq: number;
}

export interface StoredLedgerEntry {
  delta: number;
  reason: LedgerReason;
  ref: string;
  balanceAfter: number;
  at: string;
  seq: number;
}

/** customers/{uid}/stage_requests/{keyId}: one Idempotency-Key of POST /api/stage. */
export interface StoredStageRequest {
  key: string;
  attemptId: string;
  status: 'pending' | 'completed';
  /** Epoch ms; a pending attempt older than the caller's staleBefore is taken over. */
  startedAt: number;
  result: StageResult | null;
  /** How far the pending attempt has got (GET /api/stage/progress); absent until its stager reports. */
  progress?: StageProgress;
}

export interface StoredStripeEvent {
  type: string;
  processedAt: string;
}

/** Keys that are already valid, readable Firestore ids ('signup', 'stage:…', 'evt_…'). */
const READABLE_ID = /^(?!__)[A-Za-z0-9_:-]{1,200}$/;

/**
 * The document id for a free-form key (ledger ref, Idempotency-Key, Stripe event id). The same
 * key always lands on the same document, which is what makes a replay a no-op; keys that are not
 * valid readable ids are hashed, behind a '~' that no readable id contains, so the two never meet.
 */
export function keyedDocId(key: string): string {
  return READABLE_ID.test(key) ? key : `~${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

/** Kept beside core's COLLECTIONS: only the server reads or writes them. */
const HELD_EDITS = 'held_edits';
const TRIAL_ADDRESSES = 'trial_addresses';
/** A person's sign-up grant, by each of their keys (services/signupPerson.ts), outliving the account. */
const SIGNUP_GRANTS = 'signup_grants';

export function firestoreRefs(db: Firestore) {
  const customers = db.collection(COLLECTIONS.customers);
  const ledger = (uid: string) =>
    customers.doc(uid).collection(CUSTOMER_SUBCOLLECTIONS.ledger) as CollectionReference<StoredLedgerEntry>;
  const stageRequests = (uid: string) =>
    customers.doc(uid).collection(CUSTOMER_SUBCOLLECTIONS.stageRequests) as CollectionReference<StoredStageRequest>;
  const stripeEvents = db.collection(COLLECTIONS.stripeEvents) as CollectionReference<StoredStripeEvent>;
  return {
    user: (uid: string) => db.collection(COLLECTIONS.users).doc(uid) as DocumentReference<StoredProfile>,
    customers: customers as CollectionReference<StoredCustomer>,
    customer: (uid: string) => customers.doc(uid) as DocumentReference<StoredCustomer>,
    ledger,
    ledgerEntry: (uid: string, ref: string) => ledger(uid).doc(keyedDocId(ref)),
    stageRequest: (uid: string, key: string) => stageRequests(uid).doc(keyedDocId(key)),
    imageEdits: db.collection(COLLECTIONS.imageEdits) as CollectionReference<ImageEdit>,
    /** A signed-out visitor's results, kept aside until they sign up (ports/trials.ts); no client reads them. */
    heldEdits: (uid: string) => customers.doc(uid).collection(HELD_EDITS) as CollectionReference<ImageEdit>,
    heldEdit: (uid: string, editId: string) =>
      customers.doc(uid).collection(HELD_EDITS).doc(editId) as DocumentReference<ImageEdit>,
    /** Trials granted per network and UTC day (ports/trials.ts). */
    trialAddress: (day: string, address: string) =>
      db.collection(TRIAL_ADDRESSES).doc(`${day}_${encodeURIComponent(address)}`) as DocumentReference<{
        count: number;
      }>,
    /** Hashed, so the collection names no email address. */
    signupGrant: (personKey: string) =>
      db.collection(SIGNUP_GRANTS).doc(createHash('sha256').update(personKey).digest('hex')) as DocumentReference<{
        uid: string;
        at: string;
      }>,
    items: db.collection(COLLECTIONS.items) as CollectionReference<ItemDoc>,
    stripeEvent: (eventId: string) => stripeEvents.doc(keyedDocId(eventId)),
  };
}

export type FirestoreRefs = ReturnType<typeof firestoreRefs>;

export function newCustomer(): StoredCustomer {
  return {
    creditsRemaining: 0,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    stripeSubscriptionStatus: null,
    stripePriceId: null,
    subscriptionStateAt: null,
    signupGrantedAt: null,
    ledgerSeq: 0,
  };
}

/** Reads a customer document, tolerating fields a hand-edited document may lack. */
export function readCustomer(snap: DocumentSnapshot<StoredCustomer>): StoredCustomer | null {
  const data = snap.data() as Partial<StoredCustomer> | undefined;
  if (!data) return null;
  return {
    creditsRemaining: Math.max(0, data.creditsRemaining ?? 0),
    stripeCustomerId: data.stripeCustomerId ?? null,
    stripeSubscriptionId: data.stripeSubscriptionId ?? null,
    stripeSubscriptionStatus: data.stripeSubscriptionStatus ?? null,
    stripePriceId: data.stripePriceId ?? null,
    subscriptionStateAt: data.subscriptionStateAt ?? null,
    signupGrantedAt: data.signupGrantedAt ?? null,
    ledgerSeq: data.ledgerSeq ?? 0,
  };
}

export function toCustomerDoc({ ledgerSeq: _seq, ...customer }: StoredCustomer): CustomerDoc {
  return customer;
}

export function accountCreatedAt(snap: DocumentSnapshot<StoredProfile>): string | null {
  return snap.data()?.created_at ?? null;
}

export function readProfile(snap: DocumentSnapshot<StoredProfile>): ProfileDoc | null {
  const data = snap.data() as Partial<ProfileDoc> | undefined;
  if (!data) return null;
  return { name: data.name ?? null, email: data.email ?? null, avatar: data.avatar ?? null };
}

export function toLedgerEntry(snap: DocumentSnapshot<StoredLedgerEntry>): LedgerEntry {
  const { delta, reason, ref, balanceAfter, at } = snap.data() as StoredLedgerEntry;
  return { id: snap.id, delta, reason, ref, balanceAfter, at };
}

/** Drops keys whose value is undefined, which Firestore refuses to store. */
export function definedFields<T extends DocumentData>(data: T): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as Partial<T>;
}

type Reader = Pick<Transaction, 'getAll'> | Pick<Firestore, 'getAll'>;

/** One round trip for documents of different types (the SDK's getAll wants them all alike). */
export function getDocuments<A, B>(
  reader: Reader,
  a: DocumentReference<A>,
  b: DocumentReference<B>,
): Promise<[DocumentSnapshot<A>, DocumentSnapshot<B>]>;
export function getDocuments<A, B, C>(
  reader: Reader,
  a: DocumentReference<A>,
  b: DocumentReference<B>,
  c: DocumentReference<C>,
): Promise<[DocumentSnapshot<A>, DocumentSnapshot<B>, DocumentSnapshot<C>]>;
export function getDocuments(reader: Reader, ...refs: DocumentReference[]): Promise<DocumentSnapshot[]> {
  return reader.getAll(...refs);
}
