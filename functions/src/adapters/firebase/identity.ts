/**
 * The Identity port on Firebase Admin Auth. In local mode the same code verifies Auth emulator
 * tokens: with FIREBASE_AUTH_EMULATOR_HOST set, the Admin SDK accepts the emulator's tokens.
 */
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { AuthIdentity } from '@flipstage/core';
import { InvalidIdToken, type Identity } from '../../ports.js';

/** The token's own claims: the sign-in provider first (spec §3: the first is used for re-sign-in). */
export function identityFromToken(token: DecodedIdToken): AuthIdentity {
  const providers = [token.firebase.sign_in_provider, ...Object.keys(token.firebase.identities ?? {})].filter(
    (p) => p && p !== 'custom' && p !== 'anonymous',
  );
  return {
    uid: token.uid,
    email: token.email ?? null,
    displayName: typeof token.name === 'string' ? token.name : null,
    photoURL: token.picture ?? null,
    providerIds: [...new Set(providers)],
  };
}

export function createFirebaseIdentity(auth: Auth): Identity {
  return {
    async verifyIdToken(idToken) {
      try {
        return identityFromToken(await auth.verifyIdToken(idToken));
      } catch (error) {
        // auth/* codes are the token's fault; anything else (e.g. fetching Google's keys) is ours.
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('auth/')) throw new InvalidIdToken({ cause: error });
        throw error;
      }
    },
  };
}
