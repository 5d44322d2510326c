import { describe, expect, it } from 'vitest';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { InvalidIdToken } from '../../../src/ports/identity.js';
import { createFirebaseIdentity, identityFromToken } from '../../../src/adapters/firebase/identity.js';

const token = (overrides: Partial<DecodedIdToken>): DecodedIdToken =>
  ({
    uid: 'u1',
    sub: 'u1',
    aud: LOCAL_PROJECT_ID,
    iss: `https://securetoken.google.com/${LOCAL_PROJECT_ID}`,
    iat: 1,
    exp: 2,
    auth_time: 1,
    firebase: { sign_in_provider: 'password', identities: { email: ['a@example.com'] } },
    ...overrides,
  }) as DecodedIdToken;

describe('identity from an ID token', () => {
  it('takes email, name and picture from the claims', () => {
    const identity = identityFromToken(
      token({ email: 'a@example.com', name: 'Ana', picture: 'https://img.example/a.png' }),
    );
    expect(identity).toEqual({
      uid: 'u1',
      email: 'a@example.com',
      displayName: 'Ana',
      photoURL: 'https://img.example/a.png',
      providerIds: ['password', 'email'],
      projectId: LOCAL_PROJECT_ID,
      emailVerified: false,
      signInProvider: 'password',
      providerAccounts: [],
    });
  });

  it("names each linked social account by the provider's own account id", () => {
    const identity = identityFromToken(
      token({
        firebase: {
          sign_in_provider: 'google.com',
          identities: { 'google.com': ['1098'], 'github.com': [77], email: ['a@example.com'] },
        },
      }),
    );
    expect(identity.providerAccounts).toEqual(['google.com:1098', 'github.com:77']);
  });

  it('says whether the email is verified only when the token says so', () => {
    expect(identityFromToken(token({ email_verified: true })).emailVerified).toBe(true);
    expect(identityFromToken(token({ email_verified: false })).emailVerified).toBe(false);
  });

  it('gives the sign-in provider of the session', () => {
    const identity = identityFromToken(
      token({ firebase: { sign_in_provider: 'github.com', identities: { 'github.com': ['1'] } } }),
    );
    expect(identity.signInProvider).toBe('github.com');
  });

  it('lists the sign-in provider first', () => {
    const identity = identityFromToken(
      token({ firebase: { sign_in_provider: 'google.com', identities: { email: ['a@x.y'], 'google.com': ['1'] } } }),
    );
    expect(identity.providerIds).toEqual(['google.com', 'email']);
  });
});

/** What a user record always holds beside the fields a test sets. */
const USER_RECORD = { metadata: { creationTime: 'Mon, 01 Jan 2024 00:00:00 GMT' }, customClaims: undefined };

interface FakeUser {
  uid: string;
  disabled: boolean;
  tokensValidAfterTime?: string;
}

/** Admin Auth as the adapter uses it: verifyIdToken answers with `claims` (or throws), getUser with `user`. */
function fakeAuth(claims: () => DecodedIdToken, user: FakeUser = { uid: 'u1', disabled: false }) {
  const auth = {
    calls: 0,
    user,
    async verifyIdToken() {
      auth.calls += 1;
      return claims();
    },
    async getUser() {
      return { ...USER_RECORD, ...auth.user };
    },
  };
  return auth;
}

/** An unsigned token as the Auth emulator issues them, carrying these claims. */
function emulatorToken(claims: Partial<DecodedIdToken>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(token(claims))}.`;
}

const revokedError = () => Object.assign(new Error('revoked'), { code: 'auth/id-token-revoked' });

describe('verified-token cache', () => {
  it('verifies a token once while it is remembered', async () => {
    let clock = 1_000_000;
    const auth = fakeAuth(() => token({ exp: clock / 1000 + 3600 }));
    const identity = createFirebaseIdentity(auth as unknown as Auth, { ttlMs: 60_000, now: () => clock });
    await identity.verifyIdToken('t1');
    clock += 59_000;
    await identity.verifyIdToken('t1');
    expect(auth.calls).toBe(1);
    clock += 2_000;
    await identity.verifyIdToken('t1');
    expect(auth.calls).toBe(2);
  });

  it('never trusts a token past its own expiry', async () => {
    let clock = 1_000_000;
    const auth = fakeAuth(() => token({ exp: clock / 1000 + 10 }));
    const identity = createFirebaseIdentity(auth as unknown as Auth, { ttlMs: 60_000, now: () => clock });
    await identity.verifyIdToken('t1');
    clock += 11_000;
    await identity.verifyIdToken('t1');
    expect(auth.calls).toBe(2);
  });

  it('maps an auth/* failure to InvalidIdToken and remembers nothing', async () => {
    const auth = {
      async verifyIdToken() {
        throw Object.assign(new Error('expired'), { code: 'auth/id-token-expired' });
      },
    };
    const identity = createFirebaseIdentity(auth as unknown as Auth);
    await expect(identity.verifyIdToken('bad')).rejects.toBeInstanceOf(InvalidIdToken);
  });
});

describe('revoked tokens', () => {
  const changedAt = 2_000_000; // seconds: a password or email change
  const validAfter = new Date(changedAt * 1000).toUTCString();

  it('refuses a token issued before the account revoked its tokens, and a disabled account', async () => {
    const auth = fakeAuth(() => token({ iat: changedAt - 1, exp: changedAt + 3600 }), {
      uid: 'u1',
      disabled: false,
      tokensValidAfterTime: validAfter,
    });
    const identity = createFirebaseIdentity(auth as unknown as Auth, { emulator: false, now: () => changedAt * 1000 });
    await expect(identity.verifyIdToken('before')).rejects.toBeInstanceOf(InvalidIdToken);

    auth.user = { uid: 'u1', disabled: true };
    await expect(identity.verifyIdToken('disabled')).rejects.toBeInstanceOf(InvalidIdToken);
  });

  it('accepts a token issued at or after the change', async () => {
    const auth = fakeAuth(() => token({ iat: changedAt, exp: changedAt + 3600 }), {
      uid: 'u1',
      disabled: false,
      tokensValidAfterTime: validAfter,
    });
    const identity = createFirebaseIdentity(auth as unknown as Auth, { emulator: false, now: () => changedAt * 1000 });
    await expect(identity.verifyIdToken('after')).resolves.toMatchObject({ uid: 'u1' });
  });

  it('refuses a remembered token once a later token shows the account was revoked since', async () => {
    let claims = token({ iat: changedAt - 10, exp: changedAt + 3600 });
    const auth = fakeAuth(() => claims);
    const identity = createFirebaseIdentity(auth as unknown as Auth, { emulator: false, now: () => changedAt * 1000 });
    await identity.verifyIdToken('old');

    auth.user = { uid: 'u1', disabled: false, tokensValidAfterTime: validAfter };
    claims = token({ iat: changedAt, exp: changedAt + 3600 });
    await identity.verifyIdToken('new');
    await expect(identity.verifyIdToken('old')).rejects.toBeInstanceOf(InvalidIdToken);
    await expect(identity.verifyIdToken('new')).resolves.toMatchObject({ uid: 'u1' });
  });

  it('on the emulator, judges a token the SDK calls revoked by when it was issued', async () => {
    const auth = {
      async verifyIdToken(): Promise<DecodedIdToken> {
        throw revokedError();
      },
      async getUser() {
        return { ...USER_RECORD, uid: 'u1', disabled: false, tokensValidAfterTime: validAfter };
      },
    };
    const identity = createFirebaseIdentity(auth as unknown as Auth, { emulator: true, now: () => changedAt * 1000 });
    // The emulator keeps the first sign-in's auth_time on the token it issues for the change.
    const fresh = emulatorToken({ iat: changedAt, auth_time: changedAt - 600, exp: changedAt + 3600 });
    await expect(identity.verifyIdToken(fresh)).resolves.toMatchObject({ uid: 'u1' });
    const stale = emulatorToken({ iat: changedAt - 1, auth_time: changedAt - 600, exp: changedAt + 3600 });
    await expect(identity.verifyIdToken(stale)).rejects.toBeInstanceOf(InvalidIdToken);
  });

  it('in production, takes the SDK at its word that a token is revoked', async () => {
    const auth = {
      async verifyIdToken(): Promise<DecodedIdToken> {
        throw revokedError();
      },
      async getUser() {
        return { ...USER_RECORD, uid: 'u1', disabled: false };
      },
    };
    const identity = createFirebaseIdentity(auth as unknown as Auth, { emulator: false });
    const fresh = emulatorToken({ iat: changedAt, exp: changedAt + 3600 });
    await expect(identity.verifyIdToken(fresh)).rejects.toBeInstanceOf(InvalidIdToken);
  });
});
