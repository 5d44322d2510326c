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

export interface IdentityCacheOptions {
  /** How long a verified token is trusted without asking again (never past its own expiry). */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Verified tokens are remembered briefly: against the emulator every verification is an HTTP call
 * (the Admin SDK also checks the user there), which would dominate each request's overhead.
 */
export function createFirebaseIdentity(auth: Auth, cache: IdentityCacheOptions = {}): Identity {
  const ttlMs = cache.ttlMs ?? 60_000;
  const maxEntries = cache.maxEntries ?? 1000;
  const now = cache.now ?? Date.now;
  const verified = new Map<string, { identity: AuthIdentity; until: number }>();

  return {
    async verifyIdToken(idToken) {
      const hit = verified.get(idToken);
      if (hit && hit.until > now()) return hit.identity;
      verified.delete(idToken);
      let decoded: DecodedIdToken;
      try {
        decoded = await auth.verifyIdToken(idToken);
      } catch (error) {
        // auth/* codes are the token's fault; anything else (e.g. fetching Google's keys) is ours.
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('auth/')) throw new InvalidIdToken({ cause: error });
        throw error;
      }
      const identity = identityFromToken(decoded);
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
      verified.set(idToken, { identity, until: Math.min(now() + ttlMs, decoded.exp * 1000) });
      return identity;
    },
  };
}
