import { describe, expect, it } from 'vitest';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { identityFromToken } from '../../src/adapters/firebase/identity.js';

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
    const identity = identityFromToken(token({ email: 'a@example.com', name: 'Ana', picture: 'https://img.example/a.png' }));
    expect(identity).toEqual({ uid: 'u1', email: 'a@example.com', displayName: 'Ana', photoURL: 'https://img.example/a.png', providerIds: ['password', 'email'] });
  });

  it('lists the sign-in provider first', () => {
    const identity = identityFromToken(token({ firebase: { sign_in_provider: 'google.com', identities: { email: ['a@x.y'], 'google.com': ['1'] } } }));
    expect(identity.providerIds).toEqual(['google.com', 'email']);
  });
});
