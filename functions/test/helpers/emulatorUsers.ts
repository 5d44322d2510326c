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

export async function signUpTestUser(displayName?: string, email = `t-${randomUUID()}@example.com`): Promise<TestUser> {
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

/** The newest mail of a kind the Auth emulator has sent to an address (its oobCodes list). */
async function lastMailCode(email: string, requestType: string): Promise<string> {
  const mailbox = await fetch(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${LOCAL_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await mailbox.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const mail = oobCodes.findLast((code) => code.email === email && code.requestType === requestType);
  if (!mail) throw new Error(`The Auth emulator sent no ${requestType} mail to ${email}`);
  return mail.oobCode;
}

/**
 * Verifies the user's email as a person does: the emulator sends the verification mail (kept in its
 * oobCodes list), the link's code is applied, and the web app then refreshes the ID token.
 */
export async function verifyTestUserEmail(user: TestUser): Promise<TestUser> {
  const base = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const sent = await postEmulatorJson(`${base}/accounts:sendOobCode?key=any`, {
    requestType: 'VERIFY_EMAIL',
    idToken: user.idToken,
  });
  if (sent.status !== 200)
    throw new Error(`Auth emulator sendOobCode failed: ${sent.status} ${JSON.stringify(sent.json)}`);
  const applied = await postEmulatorJson(`${base}/accounts:update?key=any`, {
    oobCode: await lastMailCode(user.email, 'VERIFY_EMAIL'),
  });
  if (applied.status !== 200)
    throw new Error(`Auth emulator email verification failed: ${applied.status} ${JSON.stringify(applied.json)}`);
  return refreshTestUserToken(user);
}

/** Signs a new person in with a one-time email link, as the web app's email-link sign-in does. */
export async function signInTestUserWithEmailLink(): Promise<TestUser> {
  const email = `l-${randomUUID()}@example.com`;
  const base = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const sent = await postEmulatorJson(`${base}/accounts:sendOobCode?key=any`, {
    requestType: 'EMAIL_SIGNIN',
    email,
    continueUrl: 'http://127.0.0.1:5173/dashboard',
    canHandleCodeInApp: true,
  });
  if (sent.status !== 200)
    throw new Error(`Auth emulator sendOobCode failed: ${sent.status} ${JSON.stringify(sent.json)}`);
  const signIn = await postEmulatorJson(`${base}/accounts:signInWithEmailLink?key=any`, {
    email,
    oobCode: await lastMailCode(email, 'EMAIL_SIGNIN'),
  });
  if (signIn.status !== 200)
    throw new Error(`Auth emulator email-link sign-in failed: ${signIn.status} ${JSON.stringify(signIn.json)}`);
  const user = signIn.json as { localId: string; idToken: string; refreshToken: string };
  return { uid: user.localId, email, idToken: user.idToken, refreshToken: user.refreshToken };
}

/**
 * Signs a person in with a social provider ('google.com', 'github.com', …) through the emulator's
 * fake IdP: a new person, or the one whose provider account id is `sub`.
 */
export async function signInTestUserWithProvider(providerId: string, sub: string = randomUUID()): Promise<TestUser> {
  const email = `p-${randomUUID()}@example.com`;
  const claims = JSON.stringify({ sub, email });
  const signIn = await postEmulatorJson(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=any`,
    {
      requestUri: 'http://localhost',
      postBody: `id_token=${encodeURIComponent(claims)}&providerId=${providerId}`,
      returnSecureToken: true,
    },
  );
  if (signIn.status !== 200)
    throw new Error(`Auth emulator provider sign-in failed: ${signIn.status} ${JSON.stringify(signIn.json)}`);
  const user = signIn.json as { localId: string; idToken: string; refreshToken: string };
  return { uid: user.localId, email, idToken: user.idToken, refreshToken: user.refreshToken };
}

export function emulatorIdentity(): Identity {
  const app = initializeApp({ projectId: LOCAL_PROJECT_ID }, `test-${randomUUID()}`);
  return createFirebaseIdentity(getAuth(app));
}
