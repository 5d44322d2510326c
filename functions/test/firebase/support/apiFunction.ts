/**
 * The `api` bundle running in the Functions emulator, for the tests that call it over HTTP the
 * way the web app does and then read what it wrote under the security rules.
 */
import { randomUUID } from 'node:crypto';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { API_PATHS, type AccountResponse } from '@flipstage/core';
import { adminApp, emulatorHost, functionUrl, signUpInAuthEmulator } from './emulators.js';
import { firestoreRulesEnvironment } from './rulesEnvironment.js';

// The project `npm run test:firebase` starts the emulators with, so the function writes here too.
export const PROJECT_ID = 'demo-flipstage';

export interface ApiFunction {
  /** The `api` function's base URL; set once the suite has started. */
  url: string;
  /** The `stage` function's base URL, which serves POST /api/stage. */
  stageUrl: string;
  /** A rules test environment on the function's project, cleared before each test. */
  env: RulesTestEnvironment;
}

/** Registers the suite's hooks and returns what they set up. */
export function useApiFunction(): ApiFunction {
  const api = {} as ApiFunction;
  beforeAll(async () => {
    api.env = await firestoreRulesEnvironment(PROJECT_ID);
    api.url = await functionUrl(PROJECT_ID, 'api');
    api.stageUrl = await functionUrl(PROJECT_ID, 'stage');
  });
  beforeEach(async () => {
    await api.env.clearFirestore();
  });
  afterAll(async () => {
    await api.env.cleanup();
  });
  return api;
}

const PASSWORD = 'correct horse battery';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

/** A new email and password user whose email is not verified yet. */
export async function newUser(): Promise<TestUser> {
  const email = `seller-${randomUUID()}@example.com`;
  return { email, ...(await signUpInAuthEmulator(email, PASSWORD)) };
}

/**
 * Verifies the user's email, as opening the confirmation link does, and signs in again: only a
 * new ID token carries email_verified.
 */
export async function confirmEmail(user: TestUser): Promise<TestUser> {
  await getAuth(adminApp(PROJECT_ID, ['auth'])).updateUser(user.uid, { emailVerified: true });
  const url = `http://${emulatorHost('auth')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: PASSWORD, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator sign-in failed: ${response.status} ${await response.text()}`);
  return { ...user, idToken: ((await response.json()) as { idToken: string }).idToken };
}

/** A new user with a verified email, who is due the sign-up credits. */
export async function newVerifiedUser(): Promise<TestUser> {
  return confirmEmail(await newUser());
}

export async function createAccount(api: ApiFunction, idToken: string): Promise<AccountResponse> {
  const response = await fetch(`${api.url}${API_PATHS.account}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AccountResponse;
}
