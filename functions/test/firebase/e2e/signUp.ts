import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { emulatorHost } from '../support/emulators.js';

const PASSWORD = 'staging-is-fun-42';
// The project the tier starts the emulators with, which the web app is built for.
const PROJECT_ID = 'demo-flipstage';

/** Fills and sends the sign-up form with a new email and password; returns the email. */
export async function submitSignUp(page: Page): Promise<string> {
  await page.goto('/auth/signup');
  return submitSignUpOnPage(page);
}

/** The same, on the sign-up form already shown (reached from the studio, say). */
export async function submitSignUpOnPage(page: Page): Promise<string> {
  const email = `firebase-${randomUUID().slice(0, 12)}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  return email;
}

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/**
 * Opens the newest email-confirmation link the Auth emulator "sent" to the address, as the person
 * would from their inbox: the emulator applies the code and redirects to the app's continue URL.
 */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  const codes = `http://${emulatorHost('auth')}/emulator/v1/projects/${PROJECT_ID}/oobCodes`;
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { oobCodes } = (await (await fetch(codes)).json()) as { oobCodes: OobCode[] };
        link = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
        return link;
      },
      { message: `an email confirmation sent to ${email}` },
    )
    .toBeDefined();
  await page.goto(link!);
}

/**
 * /auth/verify, once the email is confirmed, says the sign-up credits arrived: the api function
 * granted them on its first call with the verified token, a cold start in the emulator (over 10 s
 * on a busy 2-core machine).
 */
export async function expectSignupCreditsClaimed(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/verify/);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' })).toContainText(
    `Your ${SIGNUP_CREDITS} free credits are in your account.`,
    { timeout: 60_000 },
  );
}

/** A new user with a confirmed email and the sign-up credits, on the dashboard; returns the email. */
export async function signUp(page: Page): Promise<string> {
  const email = await submitSignUp(page);
  await expect(page).not.toHaveURL(/\/auth\/signup/);
  await confirmEmail(page, email);
  await expectSignupCreditsClaimed(page);
  await page.goto('/dashboard');
  return email;
}
