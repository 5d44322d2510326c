import { describe, expect, it } from 'vitest';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { InvalidIdToken } from '../../src/ports.js';
import { createFirebaseIdentity, identityFromToken } from '../../src/adapters/firebase/identity.js';

const token = (overrides: Partial<DecodedIdToken>): DecodedIdToken =>
  ({
    uid: 'u1',
    sub: 'u1',
    aud: 'demo-flipstage',
    iss: 'https://securetoken.google.com/demo-flipstage',
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
    });
  });

  it('lists the sign-in provider first', () => {
    const identity = identityFromToken(
      token({ firebase: { sign_in_provider: 'google.com', identities: { email: ['a@x.y'], 'google.com': ['1'] } } }),
    );
    expect(identity.providerIds).toEqual(['google.com', 'email']);
  });
});

describe('verified-token cache', () => {
  function countingAuth(exp: number) {
    const auth = {
      calls: 0,
      async verifyIdToken() {
        auth.calls += 1;
        return token({ exp });
      },
    };
    return auth;
  }

  it('verifies a token once while it is remembered', async () => {
    let clock = 1_000_000;
    const auth = countingAuth(clock / 1000 + 3600);
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
    const auth = countingAuth(clock / 1000 + 10);
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
