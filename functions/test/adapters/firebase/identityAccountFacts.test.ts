/**
 * What the Identity port reads from the account's record beside the token (issue 40), on the Auth
 * emulator: when the account was made, and the moderator claim, which applies without a new token.
 */
import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { setModerator } from '../../../src/adapters/firebase/moderatorClaim.js';
import { emulatorIdentity, signUpTestUser } from '../../helpers/emulatorUsers.js';
import { backdateTestUser } from '../../helpers/reporters.js';

const admin = getAuth(initializeApp({ projectId: LOCAL_PROJECT_ID }, `account-facts-${randomUUID()}`));

describe('the account facts of a verified token', () => {
  it('say when the account was made', async () => {
    const user = await signUpTestUser();
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    await backdateTestUser(user, twoDays);
    const { accountCreatedAt } = await emulatorIdentity().verifyIdToken(user.idToken);
    expect(Math.abs(Date.now() - twoDays - Date.parse(accountCreatedAt!))).toBeLessThan(5_000);
  });

  it('say moderator once the claim is granted, with the token issued before, and no longer once it is taken away', async () => {
    const user = await signUpTestUser();
    expect((await emulatorIdentity().verifyIdToken(user.idToken)).moderator).toBe(false);
    await setModerator(admin, user.email, true);
    expect((await emulatorIdentity().verifyIdToken(user.idToken)).moderator).toBe(true);
    await setModerator(admin, user.email, false);
    expect((await emulatorIdentity().verifyIdToken(user.idToken)).moderator).toBe(false);
  });
});
