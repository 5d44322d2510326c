import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

const PASSWORD = 'staging-is-fun-42';

/** Signs a new user up through the web app and returns their email once the dashboard shows. */
export async function signUp(page: Page): Promise<string> {
  const email = `firebase-${randomUUID().slice(0, 12)}@example.com`;
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}
