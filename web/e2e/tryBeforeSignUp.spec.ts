import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from './support/accounts';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

// Issue 24 item 3, spec §6: a signed-out visitor stages on free tries, and signing up keeps the result.
test('a visitor stages a photo without signing up, then signs up and keeps the result', async ({ page }) => {
  await page.goto('/');
  const counter = page.getByRole('status').filter({ hasText: /free tr|Credits:/ });
  await expect(counter).toHaveText('3 free tries left');

  await page.getByLabel('Upload furniture photos').setInputFiles([sample('dresser-blue.jpg')]);
  await expect(counter).toHaveText('3 free tries left');
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  const result = page.getByRole('img', { name: 'Staged image 1' });
  await expect(result).toBeVisible();
  await expect(counter).toHaveText('2 free tries left');
  const staged = await result.getAttribute('src');
  // Still signed out for the spec: the navbar offers Log in and Sign up.
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await page.getByLabel('Email').fill(uniqueEmail('visitor'));
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The result staged while signed out is now the seller's first image edit.
  await expect(page.getByRole('img', { name: 'Staged result 1' })).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toHaveAttribute('src', staged!);
  await expect(counter).toHaveText('Credits: 10');
});
