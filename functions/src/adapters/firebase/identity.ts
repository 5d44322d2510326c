/**
 * The Identity port on Firebase Admin Auth. In local mode the same code verifies Auth emulator
 * tokens: with FIREBASE_AUTH_EMULATOR_HOST set, the Admin SDK accepts the emulator's tokens.
 */
import type { Auth, DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import { MODERATOR_CLAIM } from '@flipstage/core';
import { InvalidIdToken, type Identity, type TokenIdentity, type VerifiedIdentity } from '../../ports/identity.js';

/** Identities that are not a social account: the email is its own key, the rest say nothing of a person. */
const NOT_SOCIAL = new Set(['email', 'phone', 'custom', 'anonymous']);

/** The token's own claims: the sign-in provider first (spec §3: the first is used for re-sign-in). */
export function identityFromToken(token: DecodedIdToken): TokenIdentity {
  const identities = (token.firebase.identities ?? {}) as Record<string, unknown>;
  const providers = [token.firebase.sign_in_provider, ...Object.keys(identities)].filter(
    (p) => p && p !== 'custom' && p !== 'anonymous',
  );
  const providerAccounts = Object.entries(identities)
    .filter(([provider]) => !NOT_SOCIAL.has(provider))
    .flatMap(([provider, ids]) => (Array.isArray(ids) ? ids.map((id) => `${provider}:${String(id)}`) : []));
  return {
    uid: token.uid,
    email: token.email ?? null,
    displayName: typeof token.name === 'string' ? token.name : null,
    photoURL: token.picture ?? null,
    providerIds: [...new Set(providers)],
    projectId: token.aud,
    emailVerified: token.email_verified === true,
    signInProvider: token.firebase.sign_in_provider || null,
    providerAccounts,
  };
}

/**
 * What the account's record says, read beside the revocation check: the record, not the token, so
 * a moderator claim granted or taken away applies from the next verification, not the next token.
 */
function accountFacts(
  user: Pick<UserRecord, 'metadata' | 'customClaims'>,
): Pick<VerifiedIdentity, 'accountCreatedAt' | 'moderator'> {
  const created = Date.parse(user.metadata.creationTime);
  return {
    accountCreatedAt: Number.isNaN(created) ? null : new Date(created).toISOString(),
    moderator: user.customClaims?.[MODERATOR_CLAIM] === true,
  };
}

/**
 * A token is revoked when it was issued before the account's tokensValidAfterTime, which a password
 * or email change (or revokeRefreshTokens) moves to that moment. Both are whole seconds, so a token
 * issued in the same second as the change still counts, as Firebase documents.
 */
export function issuedBeforeRevocation(token: Pick<DecodedIdToken, 'iat'>, tokensValidAfterTime?: string): boolean {
  if (!tokensValidAfterTime) return false;
  return token.iat * 1000 < Date.parse(tokensValidAfterTime);
}

export interface IdentityOptions {
  /** How long a verified token is trusted without asking again (never past its own expiry). */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  /** Whether the Admin SDK talks to the Auth emulator; by default, as the SDK decides, from FIREBASE_AUTH_EMULATOR_HOST. */
  emulator?: boolean;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The claims of a token the Admin SDK has already checked in every way but revocation. */
function claimsOf(idToken: string): DecodedIdToken {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as DecodedIdToken;
  return { ...payload, uid: payload.sub };
}

/** A small map that forgets its oldest entry when full. */
function boundedSet<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Verifies ID tokens and refuses revoked ones in every mode, so a password or email change ends
 * the sessions that predate it, while the token the client is given for the change works at once.
 *
 * Verified tokens are remembered briefly: against the emulator every verification is an HTTP call,
 * and in production the revocation check reads the user record, which would dominate each request's
 * overhead. A remembered token is still refused as soon as a later verification of the same user
 * learns of a newer revocation.
 */
export function createFirebaseIdentity(auth: Auth, options: IdentityOptions = {}): Identity {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1000;
  const now = options.now ?? Date.now;
  const emulator = options.emulator ?? Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
  const verified = new Map<string, { identity: VerifiedIdentity; iat: number; until: number }>();
  const validAfter = new Map<string, string>();

  async function checkedClaims(idToken: string): Promise<DecodedIdToken> {
    try {
      return await auth.verifyIdToken(idToken);
    } catch (error) {
      // Against the emulator the Admin SDK always checks revocation, and by auth_time; but the
      // emulator keeps the first sign-in's auth_time on the tokens it issues for a password or
      // email change (firebase-tools#5990), so every later token would look revoked until the
      // user signed in again. The SDK raises this only after every other check has passed;
      // revocation is judged below, by when the token was issued, as the emulator itself does.
      if (emulator && errorCode(error) === 'auth/id-token-revoked') return claimsOf(idToken);
      throw error;
    }
  }

  async function verify(idToken: string): Promise<VerifiedIdentity> {
    const hit = verified.get(idToken);
    if (hit && hit.until > now()) {
      if (!issuedBeforeRevocation(hit, validAfter.get(hit.identity.uid))) return hit.identity;
      verified.delete(idToken);
      throw new InvalidIdToken();
    }
    verified.delete(idToken);
    const claims = await checkedClaims(idToken);
    const user = await auth.getUser(claims.uid);
    if (user.tokensValidAfterTime) boundedSet(validAfter, user.uid, user.tokensValidAfterTime, maxEntries);
    if (user.disabled || issuedBeforeRevocation(claims, user.tokensValidAfterTime)) throw new InvalidIdToken();
    const identity: VerifiedIdentity = { ...identityFromToken(claims), ...accountFacts(user) };
    boundedSet(
      verified,
      idToken,
      { identity, iat: claims.iat, until: Math.min(now() + ttlMs, claims.exp * 1000) },
      maxEntries,
    );
    return identity;
  }

  return {
    async isVerifiedAddress(email) {
      try {
        const user = await auth.getUserByEmail(email);
        return user.emailVerified && !user.disabled;
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return false;
        throw error;
      }
    },
    async verifyIdToken(idToken) {
      try {
        return await verify(idToken);
      } catch (error) {
        // auth/* codes are the token's fault; anything else (e.g. fetching Google's keys) is ours.
        if (error instanceof InvalidIdToken) throw error;
        if (errorCode(error)?.startsWith('auth/')) throw new InvalidIdToken({ cause: error });
        throw error;
      }
    },
  };
}
