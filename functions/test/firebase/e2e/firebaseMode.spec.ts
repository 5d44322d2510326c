import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, SIGNUP_CREDITS } from '@flipstage/core';

const PASSWORD = 'staging-is-fun-42';

async function signUp(page: Page): Promise<void> {
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(`firebase-${randomUUID().slice(0, 12)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a new account shows its free credits, read from Firestore under the rules', async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId('credits-remaining')).toHaveText(String(SIGNUP_CREDITS));
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

test('a staged photo costs one credit and is shown from Cloud Storage through its token URL', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);
  const photo = fileURLToPath(new URL('../../../../samples/dresser-blue.jpg', import.meta.url));
  await page.getByLabel('Upload furniture photos').setInputFiles(photo);
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS - 1}`);
  const staged = page.getByRole('img', { name: 'Staged image 1' });
  await expect(staged).toBeVisible();
  await expect(staged).toHaveAttribute('src', /\/v0\/b\/.+\/o\/image-edits%2F.+alt=media&token=/);
  const image = await page.request.get((await staged.getAttribute('src')) ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});
