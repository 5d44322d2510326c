/** Real users and ID tokens from the Auth emulator's REST API. */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import type { Identity } from '../../src/ports/identity.js';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { createFirebaseIdentity } from '../../src/adapters/firebase/identity.js';

export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR_HOST;

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
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
  const user = signUp.json as { localId: string; idToken: string; refreshToken: string };
  return { uid: user.localId, email, idToken: user.idToken, refreshToken: user.refreshToken };
}

/** Changes the password as the web app's updatePassword does; the user holds the tokens the emulator gives for it. */
export async function changeTestUserPassword(user: TestUser, password: string): Promise<TestUser> {
  const base = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const update = await postEmulatorJson(`${base}/accounts:update?key=any`, {
    idToken: user.idToken,
    password,
    returnSecureToken: true,
  });
  if (update.status !== 200)
    throw new Error(`Auth emulator password change failed: ${update.status} ${JSON.stringify(update.json)}`);
  const tokens = update.json as { idToken: string; refreshToken: string };
  return { ...user, idToken: tokens.idToken, refreshToken: tokens.refreshToken };
}

/** A new ID token from the refresh token, as the SDK gets one when the last is about to expire. */
export async function refreshTestUserToken(user: TestUser): Promise<TestUser> {
  const grant = await postEmulatorJson(`http://${AUTH_EMULATOR_HOST}/securetoken.googleapis.com/v1/token?key=any`, {
    grant_type: 'refresh_token',
    refresh_token: user.refreshToken,
  });
  if (grant.status !== 200)
    throw new Error(`Auth emulator token refresh failed: ${grant.status} ${JSON.stringify(grant.json)}`);
  const tokens = grant.json as { id_token: string; refresh_token: string };
  return { ...user, idToken: tokens.id_token, refreshToken: tokens.refresh_token };
}

export function emulatorIdentity(): Identity {
  const app = initializeApp({ projectId: LOCAL_PROJECT_ID }, `test-${randomUUID()}`);
  return createFirebaseIdentity(getAuth(app));
}
