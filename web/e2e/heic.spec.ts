import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { signUp } from './support/accounts';
import { expectJpegDownload } from './support/downloads';

const HEIC_PHOTO = fileURLToPath(new URL('../../functions/test/fixtures/heic/armchair-irot.heic', import.meta.url));

/** The picture has loaded and has pixels: not a broken image, not its alt text. */
async function expectPixels(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

function naturalSize(picture: Locator) {
  return picture.evaluate((image) => [
    (image as HTMLImageElement).naturalWidth,
    (image as HTMLImageElement).naturalHeight,
  ]);
}

// Issue 15, problem 3: a HEIC showed a broken thumbnail, "Error displaying original image", and
// Generate did nothing visible.
test('an iPhone HEIC previews in the studio, stages, downloads and goes to List on Marketplace', async ({ page }) => {
  test.slow();
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');

  await page.getByLabel('Upload furniture photos').setInputFiles(HEIC_PHOTO);
  const thumbnail = page.getByRole('button', { name: 'Select image 1' });
  await expectPixels(thumbnail.locator('img'));
  const original = page.getByRole('img', { name: 'Original photo 1' });
  await expectPixels(original);
  // The preview is the decoded picture the right way up (the file stores it on its side).
  expect(await naturalSize(original)).toEqual([480, 360]);
  await expect(page.getByText('Error displaying original image')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Modern's room plates are rendered (not every style's are yet); the armchair takes the chair's place in them.
  for (const [group, option] of [
    ['Design style', 'Modern'],
    ['Furniture type', 'Accent Chair'],
  ] as const) {
    await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
    await expect(page.getByRole('radio', { name: option, exact: true })).toBeChecked();
  }
  await expect(thumbnail).toHaveAccessibleDescription('Accent Chair Modern');
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  // The local engine stages on this machine's CPU, which other suites may be sharing.
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 9');
  await expectPixels(page.getByRole('img', { name: 'Staged image 1' }));
  await expect(page.getByRole('alert')).toHaveCount(0);

  await expectJpegDownload(page, page.getByRole('button', { name: 'Download' }), 'staged_image_1.jpg');

  await page.getByRole('button', { name: 'List on Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await expectPixels(dialog.getByRole('img', { name: /^Image 1:/ }));
});
