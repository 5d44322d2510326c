import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { expectJpegDownload } from './support/downloads';
import { leaveNewListing, listingCard } from './support/listings';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

async function uploadSamples(page: Page, ...names: string[]) {
  await page.getByLabel('Upload furniture photos').setInputFiles(names.map(sample));
}

test('a signed-in user stages one photo, downloads it, stages the rest and lists a result', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');

  await uploadSamples(page, 'dresser-blue.jpg', 'sofa-grey.jpg');
  await expect(page.getByRole('button', { name: 'Generate All (2)' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Design style' }).getByText('Scandinavian', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Scandinavian' })).toBeChecked();
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 9');
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeVisible();

  await expectJpegDownload(page, page.getByRole('button', { name: 'Download' }), 'staged_image_1.jpg');

  await page.getByRole('button', { name: 'Generate All (1)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Generate All' });
  await expect(confirm).toContainText(
    'This will generate images for all 1 unprocessed images and use 1 credits. Continue?',
  );
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Image 2 processed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 8');
  await expect(page.getByRole('button', { name: 'Generate All (0)' })).toBeVisible();

  // The results panel, slider and feedback buttons only exist now, so they are checked here.
  const { violations } = await new AxeBuilder({ page }).include('#studio').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Thumbs up' }).click();
  await expect(page.getByRole('button', { name: 'Thumbs up' })).toBeHidden();

  await page.getByRole('button', { name: 'Select image 1' }).click();
  await page.getByRole('button', { name: 'List on Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await expect(dialog.getByRole('img', { name: /^Image 1:/ })).toBeVisible();
  const title = `Staged blue dresser ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Refinished in navy, staged in a Scandinavian room.');
  await dialog.getByLabel('Price').fill('240');
  await dialog.getByLabel('Tags').fill('dresser, navy');
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog).toBeHidden();
  await leaveNewListing(page, title);
  const card = listingCard(page, title);
  await expect(card).toContainText('$240.00');
  await expect(card.getByRole('img', { name: `${title}, photo 1` })).toBeVisible();
});

test('a signed-in user tries another room for a staged photo and gets both rooms side by side, a credit each', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');

  await uploadSamples(page, 'dresser-blue.jpg');
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 9');
  const staged = page.getByRole('img', { name: 'Staged image 1' });
  const firstRoom = await staged.getAttribute('src');

  await page.getByRole('button', { name: 'Try another room' }).click();
  const rooms = page.getByRole('list', { name: 'Rooms for image 1' });
  await expect(rooms.getByRole('listitem')).toHaveCount(2);
  await expect(credits).toHaveText('Credits: 8');
  await expect(staged).not.toHaveAttribute('src', firstRoom!);
  await expect(rooms.getByRole('button', { name: 'Show room 2' })).toHaveAttribute('aria-pressed', 'true');

  const [left, right] = await Promise.all([0, 1].map((i) => rooms.getByRole('listitem').nth(i).boundingBox()));
  expect(right!.y).toBe(left!.y);
  expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width);

  await rooms.getByRole('button', { name: 'Show room 1' }).click();
  await expect(staged).toHaveAttribute('src', firstRoom!);

  const { violations } = await new AxeBuilder({ page }).include('#studio').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await rooms.getByRole('button', { name: 'Download room 2' }).click();
  expect((await downloading).suggestedFilename()).toBe('staged_image_1_room_2.jpg');

  // The balance is the server's, not just the page's.
  await page.reload();
  await expect(credits).toHaveText('Credits: 8');
});
