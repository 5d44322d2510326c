/**
 * Post to marketplaces, the kits (issue 41): a seller on Flipper opens the panel on their listing,
 * copies a site's title, downloads its photos' ZIP, records where they posted it, marks the piece
 * sold and is given the checklist of the sites to take it down from.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';
import { listItem } from './support/apiListings';

/** Signs up and starts a Flipper trial through the simulated checkout, which includes Post to marketplaces. */
async function flipperSeller(page: Page): Promise<string> {
  const email = await signUp(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Flipper' }).click();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');
  return email;
}

test('a Flipper seller copies a kit, downloads its photos, records the post, sells the piece and ticks the post off', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await flipperSeller(page);
  const title = `Oak dining table ${randomUUID().slice(0, 8)}`;
  const id = await listItem(page.request, email, title);
  await page.goto(`/marketplace/${id}`);

  const panel = page.getByRole('region', { name: 'Post to marketplaces' });
  await panel.getByRole('button', { name: 'Craigslist kit' }).click();
  await panel.getByRole('button', { name: 'Copy the title for Craigslist' }).click();
  await expect(panel.getByRole('button', { name: 'Copy the title for Craigslist' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(title);
  await expect(panel.getByRole('link', { name: 'Open Craigslist’s posting page' })).toHaveAttribute(
    'href',
    'https://post.craigslist.org/',
  );
  expect(await seriousViolations(page, 'section[aria-labelledby="post-to-marketplaces"]')).toEqual([]);

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the photos for Craigslist (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('flipstage-craigslist-photos.zip');
  const zip = await readFile(await download.path());
  expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

  const postUrl = 'https://sfbay.craigslist.org/sfc/fuo/d/oak-dining-table/7712345678.html';
  await panel.getByLabel('Posted at (the address of your post on Craigslist)').fill(postUrl);
  await panel.getByRole('button', { name: 'Save where it is posted on Craigslist' }).click();
  await expect(panel.getByRole('list', { name: 'Where it is posted' })).toContainText('CraigslistPosted');

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sold' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('This piece has been sold.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const checklist = panel.getByRole('list', { name: 'Sites to take it down from' });
  await expect(checklist.getByRole('link', { name: 'Open it on Craigslist' })).toHaveAttribute('href', postUrl);
  expect(await seriousViolations(page, 'section[aria-labelledby="post-to-marketplaces"]')).toEqual([]);
  // The box follows the recorded state, so it turns checked once the server has it.
  const tick = checklist.getByRole('checkbox', { name: 'Taken down from Craigslist' });
  await checklist.getByText('Taken down from Craigslist').click();
  await expect(tick).toBeChecked();
  await expect(panel.getByRole('list', { name: 'Where it is posted' })).toContainText('CraigslistTaken down');
  await expect(panel).toContainText('It is taken down everywhere it was posted.');
});
