/**
 * Issue 24 item 3 in Firebase mode: a signed-out visitor stages on free tries through an anonymous
 * Auth session (the api function grants them, counted in Firestore), signs up by linking that
 * session, confirms the email, and finds the result on the dashboard and in the studio.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SIGNUP_CREDITS, TRIAL_CREDITS } from '@flipstage/core';
import { confirmEmail, expectSignupCreditsClaimed, submitSignUpOnPage } from './signUp.js';

const PHOTO = fileURLToPath(new URL('../../../../samples/dresser-blue.jpg', import.meta.url));
/** The stage function's first call loads the engine in a new emulator worker. */
const STAGE_COLD_START_MS = 90_000;

test('a visitor stages a photo on free tries, signs up, confirms, and keeps the result', async ({ page }) => {
  test.slow();
  await page.goto('/');
  const counter = page.getByRole('status').filter({ hasText: /free tr|Credits:/ });
  await expect(counter).toHaveText(`${TRIAL_CREDITS} free tries left`);

  await page.getByLabel('Upload furniture photos').setInputFiles(PHOTO);
  // The anonymous session's account, made by the api function (a cold start in the emulator).
  await expect(counter).toHaveText(`${TRIAL_CREDITS} free tries left`, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached({ timeout: STAGE_COLD_START_MS });
  await expect(counter).toHaveText(`${TRIAL_CREDITS - 1} free tries left`);
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign up' }).first().click();
  const email = await submitSignUpOnPage(page);
  await expect(page).toHaveURL(/\/auth\/verify/);
  await confirmEmail(page, email);
  await expectSignupCreditsClaimed(page);

  await page.goto('/dashboard');
  await expect(page.getByTestId('credits-remaining')).toHaveText(String(SIGNUP_CREDITS));
  await expect(page.getByRole('img', { name: 'Staged result 1' })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeVisible();
  await expect(counter).toHaveText(`Credits: ${SIGNUP_CREDITS}`);
});
