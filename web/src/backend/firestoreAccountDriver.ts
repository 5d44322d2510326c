import { doc, getDoc, onSnapshot, updateDoc, type Firestore } from 'firebase/firestore';
import { updateProfile as updateAuthProfile, type Auth } from 'firebase/auth';
import { API_PATHS, mergeUser, type CustomerRecord, type MergedUser, type UserProfile } from '@flipstage/core';
import type { ApiFetch } from './http';
import { authIdentity, withProviders } from './accountIdentity';
import type { AccountDriver, AuthUser } from './types';
import { contracts } from './contracts';
import { fetchImageEdits, fetchImageEditsByIds } from './imageEditsApi';

function merged(user: AuthUser, profile: UserProfile | null, customer: CustomerRecord | null): MergedUser | null {
  if (!profile && !customer) return null;
  return withProviders(mergeUser(authIdentity(user), profile, customer), user);
}

/**
 * Firebase mode: the user's own account documents, read directly under security rules (DESIGN §1);
 * image edits come from the API, which signs their private files' URLs.
 */
export function createFirestoreAccountDriver(db: Firestore, auth: Auth, apiFetch: ApiFetch): AccountDriver {
  return {
    realtime: true,
    async ensureAccount(user) {
      return withProviders(
        await apiFetch(API_PATHS.account, {
          schema: contracts.mergedUser,
          method: 'POST',
          json: {},
          limitedUseAppCheck: true,
        }),
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
    listImageEdits: (_user, cursor) => fetchImageEdits(apiFetch, cursor),
    getImageEdits: (_user, ids) => fetchImageEditsByIds(apiFetch, ids),
  };
}
