/** Real users and ID tokens from the Auth emulator's REST API. */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Identity } from '../../src/ports.js';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { createFirebaseIdentity } from '../../src/adapters/firebase/identity.js';

export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR_HOST;

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

export async function signUpTestUser(displayName?: string): Promise<TestUser> {
  const email = `t-${randomUUID()}@example.com`;
  const base = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const signUp = await postEmulatorJson(`${base}/accounts:signUp?key=any`, {
    email,
    password: 'correct-horse-battery',
    displayName,
    returnSecureToken: true,
  });
  if (signUp.status !== 200)
    throw new Error(`Auth emulator sign-up failed: ${signUp.status} ${JSON.stringify(signUp.json)}`);
  const user = signUp.json as { localId: string; idToken: string };
  return { uid: user.localId, email, idToken: user.idToken };
}

export function emulatorIdentity(): Identity {
  const app = initializeApp({ projectId: 'demo-flipstage' }, `test-${randomUUID()}`);
  return createFirebaseIdentity(getAuth(app));
}
