import { normalizeProvider, type AuthIdentity, type MergedUser } from '@flipstage/core';
import type { AuthUser } from './types';

export function authIdentity(user: AuthUser): AuthIdentity {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    providerIds: user.providerIds,
  };
}

/** The Auth SDK knows the sign-in providers; the database does not, so they are merged in here (spec §3). */
export function withProviders(merged: MergedUser, user: AuthUser): MergedUser {
  const providers = [...new Set(user.providerIds.map(normalizeProvider))];
  return providers.length > 0 ? { ...merged, providers } : merged;
}
