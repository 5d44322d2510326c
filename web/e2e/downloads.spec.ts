import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expectJpegDownload } from './support/downloads';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

// Issue 15: the dashboard's Download linked to the file on the local host's origin, where the
// browser ignores the name and opens a bare JPEG instead of saving it.
test('the dashboard saves a staged image as staged_image_1.jpg without leaving the page', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('dresser-blue.jpg'));
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();

  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Staged image 1' });
  await expect(card.getByRole('img', { name: 'Staged result 1' })).toBeVisible();
  await expectJpegDownload(page, card.getByRole('button', { name: 'Download staged_image_1.jpg' }), 'staged_image_1.jpg');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
