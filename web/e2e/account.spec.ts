import { expect, test } from '@playwright/test';
import { latestOobCode, signOut, signUp, submitSignIn, TEST_PASSWORD, uniqueEmail } from './support/accounts';

test('a new account lands on the dashboard with 10 free credits', async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId('credits-remaining')).toHaveText('10');
  await expect(page.getByTestId('plan-name')).toHaveText('No active plan');
});

test('signing out returns home and signing in again restores the account', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Log in' }).click();
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('credits-remaining')).toHaveText('10');
});

test('a guarded page sends a visitor to sign in and returns after it', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await page.goto('/settings/password');
  await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fsettings%2Fpassword$/);
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/settings\/password$/);
  await expect(page.getByRole('tab', { name: 'Password', selected: true })).toBeVisible();
});

test('a forgotten password is reset with the emailed code', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await page.goto('/auth/forgotpass');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('Password reset email sent');

  const { oobCode } = await latestOobCode(email, 'PASSWORD_RESET');
  await page.goto(`/auth/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`);
  const newPassword = `${TEST_PASSWORD}-new`;
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed');

  await page.goto('/auth/signin');
  await submitSignIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password is explained in the form', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email);
  await signOut(page);
  await page.goto('/auth/signin');
  await submitSignIn(page, email, 'not-the-password');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'That password is incorrect. Try again, or reset it with Forgot password?' })
      .first(),
  ).toBeVisible();
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('The page at /no/such/page could not be found')).toBeVisible();
});

test('the confirmation link from the sign-up email confirms the address', async ({ page }) => {
  const email = await signUp(page);
  const { oobCode } = await latestOobCode(email, 'VERIFY_EMAIL');
  await page.goto(`/auth/verify?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`);
  await expect(page.getByRole('status')).toHaveText('Your email address is confirmed.');
});

test('a one-time email link signs the user in', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText(`We sent a sign-in link to ${email}`);

  const { oobLink } = await latestOobCode(email, 'EMAIL_SIGNIN');
  // The emulator's link carries the code for our continue URL; open it the way the email would.
  const link = new URL(oobLink);
  const continueUrl = new URL(link.searchParams.get('continueUrl') ?? '/auth/verify', page.url());
  for (const key of ['mode', 'oobCode', 'apiKey', 'lang']) {
    const value = link.searchParams.get(key);
    if (value) continueUrl.searchParams.set(key, value);
  }
  await page.goto(continueUrl.toString());
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('credits-remaining')).toHaveText('10');
});
