/** Staging in Firebase mode: the image goes through the api function into Cloud Storage. */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { signUp } from './signUp.js';

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
