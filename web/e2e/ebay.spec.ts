/**
 * Publishing to eBay (issue 41), in local mode against the local host's simulated eBay: a seller
 * on Flipper connects eBay on eBay's (simulated) consent page, publishes their listing with the
 * category eBay suggests and its item specifics, sees the eBay listing, and marks the piece sold
 * here, which ends the eBay listing.
 */
import { randomUUID } from 'node:crypto';
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

test('a Flipper seller connects eBay, publishes the listing there, and selling it here ends it on eBay', async ({
  page,
}) => {
  const email = await flipperSeller(page);
  const title = `Oak dining table ${randomUUID().slice(0, 8)}`;
  const id = await listItem(page.request, email, title);
  await page.goto(`/marketplace/${id}`);

  const card = page.getByRole('region', { name: 'eBay' });
  await card.getByRole('button', { name: 'Connect eBay' }).click();
  await expect(page.getByRole('heading', { name: 'Grant application access: FlipStage' })).toBeVisible();
  await page.getByRole('button', { name: 'I agree' }).click();
  // eBay's code comes back in the address's fragment; the page finishes with it and drops it.
  await expect(page).toHaveURL(new RegExp(`/marketplace/${id}$`));
  await expect(card.getByRole('status')).toHaveText('Your eBay account is connected.');

  await card.getByRole('button', { name: 'Publish to eBay' }).click();
  const form = card.getByRole('form', { name: 'Publish to eBay' });
  await expect(form.getByRole('combobox', { name: /^eBay category/ })).toHaveValue(
    'Home & Garden > Furniture > Tables',
  );
  await form.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Dining Table' }).click();
  await form.getByRole('combobox', { name: /^Material/ }).fill('Oak');
  expect(await seriousViolations(page, 'section[aria-labelledby="ebay-card"]')).toEqual([]);
  await form.getByRole('button', { name: 'Publish on eBay' }).click();

  const onEbay = card.getByRole('link', { name: 'See it on eBay' });
  await expect(onEbay).toHaveAttribute('href', /\/dev\/ebay\/itm\/\d+$/);
  await expect(card).toContainText('Live');
  const ebayPage = await page.context().newPage();
  await ebayPage.goto((await onEbay.getAttribute('href'))!);
  await expect(ebayPage.getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sold' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('This piece has been sold.')).toBeVisible();
  await expect(card).toContainText('Ended');
  await ebayPage.reload();
  await expect(ebayPage.getByText('This listing has ended')).toBeVisible();
});
