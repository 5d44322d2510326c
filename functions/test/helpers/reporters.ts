/**
 * The people of the reports suites (issue 40), as real Auth emulator accounts: a day-old verified
 * account (its creation time moved back through the emulator's admin API, as Auth would hold it a
 * day later, and its sign-up in the test app's database), a fresh one, an unverified one, and a moderator made as `npm run admin:grant` does.
 */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import request from 'supertest';
import { getAuth } from 'firebase-admin/auth';
import { LOCAL_PROJECT_ID, REPORTER_MIN_ACCOUNT_AGE_MS } from '@flipstage/core';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { setModerator } from '../../src/adapters/firebase/moderatorClaim.js';
import { AUTH_EMULATOR_HOST, signUpTestUser, verifyTestUserEmail, type TestUser } from './emulatorUsers.js';
import type { TestApp } from './testApp.js';

const admin = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `reporters-${randomUUID()}`));

/** The account reads as made `ageMs` ago. */
export async function backdateTestUser(user: TestUser, ageMs: number): Promise<void> {
  const update = await postEmulatorJson(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${LOCAL_PROJECT_ID}/accounts:update`,
    { localId: user.uid, createdAt: String(Date.now() - ageMs) },
    { authorization: 'Bearer owner' },
  );
  if (update.status !== 200) throw new Error(`Backdating failed: ${update.status} ${JSON.stringify(update.json)}`);
}

/** A verified account made a minute ago. */
export async function freshVerifiedUser(): Promise<TestUser> {
  return verifyTestUserEmail(await signUpTestUser());
}

/**
 * A verified account made, and signed up on `t`, a day and a minute ago: its reports count toward
 * hiding a listing.
 */
export async function establishedUser(t: TestApp): Promise<TestUser> {
  const user = await freshVerifiedUser();
  // Auth first: the Identity adapter keeps what it read of the account for the token's minute.
  await backdateTestUser(user, REPORTER_MIN_ACCOUNT_AGE_MS + 60_000);
  await request(t.app)
    .post('/api/account')
    .set({ authorization: `Bearer ${user.idToken}` });
  await t.backdateSignUp(user.uid, REPORTER_MIN_ACCOUNT_AGE_MS + 60_000);
  return user;
}

/** A verified account with the moderator claim, set as `npm run admin:grant` sets it. */
export async function moderatorUser(): Promise<TestUser> {
  const user = await freshVerifiedUser();
  await setModerator(admin, user.email, true);
  return user;
}
