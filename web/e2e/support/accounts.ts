import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { AUTH_EMULATOR_URL, PROJECT_ID } from './ports';

export const TEST_PASSWORD = 'staging-is-fun-42';

/** Every test gets its own address, so runs and parallel workers never share an account. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/** Signs up through the UI and waits for the dashboard. */
export async function signUp(page: Page, email = uniqueEmail(), password = TEST_PASSWORD): Promise<string> {
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Fills and submits the sign-in form on the current page (/auth/signin). */
export async function submitSignIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The Auth emulator keeps every out-of-band code it "emailed"; tests read them instead of an inbox. */
export async function latestOobCode(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN') {
  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const matches = oobCodes.filter((c) => c.email === email && c.requestType === requestType);
  const latest = matches[matches.length - 1];
  if (!latest) throw new Error(`No ${requestType} code was sent to ${email}`);
  return latest;
}
