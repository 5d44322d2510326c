/**
 * Journeys on the signed-in user's own Firestore documents, which the web app reads and writes
 * directly under the security rules in Firebase mode (no Cloud Storage involved).
 */
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { expect, test } from '@playwright/test';
import { MESSAGES, SIGNUP_CREDITS } from '@flipstage/core';
import { adminApp } from '../support/emulators.js';
import { signUp } from './signUp.js';

// The project the tier starts the emulators with, which the web app is built for.
const PROJECT_ID = 'demo-flipstage';

test('the credits shown are read from Firestore under the rules, and follow it in real time', async ({ page }) => {
  const email = await signUp(page);
  const credits = page.getByTestId('credits-remaining');
  await expect(credits).toHaveText(String(SIGNUP_CREDITS));

  // A change the web app never asked the API for (as a webhook grant would make) can only reach
  // the page through its own listener on customers/{uid}.
  const admin = adminApp(PROJECT_ID, ['auth', 'firestore']);
  const { uid } = await getAuth(admin).getUserByEmail(email);
  const changed = SIGNUP_CREDITS + 27;
  await getFirestore(admin).doc(`customers/${uid}`).update({ creditsRemaining: changed });
  await expect(credits).toHaveText(String(changed));
});

test('a new name is saved straight to the user’s Firestore profile and kept after a reload', async ({ page }) => {
  await signUp(page);
  await page.goto('/settings/general');
  await page.getByLabel('Name').fill('Dana Flipper');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.profileUpdated })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Dana Flipper');
});
