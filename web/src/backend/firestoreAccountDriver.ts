import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
  type QueryConstraint,
  type Firestore,
} from 'firebase/firestore';
import { updateProfile as updateAuthProfile, type Auth } from 'firebase/auth';
import {
  API_PATHS,
  mergeUser,
  type CustomerRecord,
  type ImageEdit,
  type MergedUser,
  type UserProfile,
} from '@flipstage/core';
import type { ApiFetch } from './http';
import { authIdentity, withProviders } from './accountIdentity';
import type { AccountDriver, AuthUser } from './types';
import { contracts } from './contracts';

const IMAGE_EDITS_PAGE_SIZE = 24;

function isoDate(value: unknown): string {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (typeof value === 'string') return value;
  return new Date(0).toISOString();
}

function toImageEdit(id: string, data: DocumentData): ImageEdit {
  return {
    id,
    user_id: String(data.user_id ?? ''),
    input_image_url: String(data.input_image_url ?? ''),
    output_image_url: String(data.output_image_url ?? ''),
    background_style: String(data.background_style ?? ''),
    style: typeof data.style === 'string' ? data.style : null,
    furniture_type: typeof data.furniture_type === 'string' ? data.furniture_type : null,
    created_at: isoDate(data.created_at),
  };
}

function merged(user: AuthUser, profile: UserProfile | null, customer: CustomerRecord | null): MergedUser | null {
  if (!profile && !customer) return null;
  return withProviders(mergeUser(authIdentity(user), profile, customer), user);
}

/** Firebase mode: the user's own documents, read directly under security rules (DESIGN §1). */
export function createFirestoreAccountDriver(db: Firestore, auth: Auth, apiFetch: ApiFetch): AccountDriver {
  return {
    realtime: true,
    async ensureAccount(user) {
      return withProviders(
        await apiFetch(API_PATHS.account, { schema: contracts.mergedUser, method: 'POST', json: {} }),
        user,
      );
    },
    async readMergedUser(user) {
      const [profile, customer] = await Promise.all([
        getDoc(doc(db, 'users', user.uid)),
        getDoc(doc(db, 'customers', user.uid)),
      ]);
      return merged(
        user,
        profile.exists() ? (profile.data() as UserProfile) : null,
        customer.exists() ? (customer.data() as CustomerRecord) : null,
      );
    },
    watchMergedUser(user, onNext, onError) {
      let profile: UserProfile | null | undefined;
      let customer: CustomerRecord | null | undefined;
      const emit = () => {
        if (profile !== undefined && customer !== undefined) onNext(merged(user, profile, customer));
      };
      const stopProfile = onSnapshot(
        doc(db, 'users', user.uid),
        (snap) => {
          profile = snap.exists() ? (snap.data() as UserProfile) : null;
          emit();
        },
        onError,
      );
      const stopCustomer = onSnapshot(
        doc(db, 'customers', user.uid),
        (snap) => {
          customer = snap.exists() ? (snap.data() as CustomerRecord) : null;
          emit();
        },
        onError,
      );
      return () => {
        stopProfile();
        stopCustomer();
      };
    },
    async updateProfile(user, profile) {
      // Firestore rejects undefined values, and the rules allow only the fields being changed.
      const changes: { name?: string; avatar?: string | null } = {};
      if (profile.name !== undefined) changes.name = profile.name;
      if (profile.avatar !== undefined) changes.avatar = profile.avatar;
      if (Object.keys(changes).length === 0) return;
      await updateDoc(doc(db, 'users', user.uid), changes);
      if (auth.currentUser) {
        await updateAuthProfile(auth.currentUser, {
          ...(changes.name !== undefined && { displayName: changes.name }),
          ...(changes.avatar !== undefined && { photoURL: changes.avatar }),
        });
      }
    },
    async listImageEdits(user, cursor) {
      const constraints: QueryConstraint[] = [
        where('user_id', '==', user.uid),
        orderBy('created_at', 'desc'),
        limit(IMAGE_EDITS_PAGE_SIZE),
      ];
      if (cursor) {
        const last = await getDoc(doc(db, 'image_edits', cursor));
        if (last.exists()) constraints.push(startAfter(last));
      }
      const snap = await getDocs(query(collection(db, 'image_edits'), ...constraints));
      const data = snap.docs.map((d) => toImageEdit(d.id, d.data()));
      const lastDoc = snap.docs[snap.docs.length - 1];
      return { data, nextCursor: snap.docs.length === IMAGE_EDITS_PAGE_SIZE && lastDoc ? lastDoc.id : null };
    },
  };
}
