/**
 * The `api` bundle running in the Functions emulator, for the tests that call it over HTTP the
 * way the web app does and then read what it wrote under the security rules.
 */
import { randomUUID } from 'node:crypto';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { API_PATHS, type MergedUser } from '@flipstage/core';
import { functionUrl, signUpInAuthEmulator } from './emulators.js';
import { firestoreRulesEnvironment } from './rulesEnvironment.js';

// The project `npm run test:firebase` starts the emulators with, so the function writes here too.
const PROJECT_ID = 'demo-flipstage';

export interface ApiFunction {
  /** The function's base URL; set once the suite has started. */
  url: string;
  /** A rules test environment on the function's project, cleared before each test. */
  env: RulesTestEnvironment;
}

/** Registers the suite's hooks and returns what they set up. */
export function useApiFunction(): ApiFunction {
  const api = {} as ApiFunction;
  beforeAll(async () => {
    api.env = await firestoreRulesEnvironment(PROJECT_ID);
    api.url = await functionUrl(PROJECT_ID, 'api');
  });
  beforeEach(async () => {
    await api.env.clearFirestore();
  });
  afterAll(async () => {
    await api.env.cleanup();
  });
  return api;
}

export function newUser(): Promise<{ uid: string; idToken: string }> {
  return signUpInAuthEmulator(`seller-${randomUUID()}@example.com`, 'correct horse battery');
}

export async function createAccount(api: ApiFunction, idToken: string): Promise<MergedUser> {
  const response = await fetch(`${api.url}${API_PATHS.account}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as MergedUser;
}
