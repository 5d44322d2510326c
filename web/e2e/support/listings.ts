import { expect, type Page } from '@playwright/test';

/** A listing's card in the marketplace list, found by its title. */
export function listingCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
}

/**
 * Types into the list's Search or Tag box and waits until the cards shown are that search's:
 * the list says it is busy while the words wait to be searched and the previous cards stay up.
 */
export async function searchListings(page: Page, box: 'Search' | 'Tag', words: string) {
  await page.getByLabel(box, { exact: true }).fill(words);
  await expect(page.getByRole('region', { name: 'Listings', exact: true })).toHaveAttribute('aria-busy', 'false');
}

/** Saving a new listing opens its page, saying it is live; from there, back to the marketplace list. */
export async function leaveNewListing(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Your listing is live.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Marketplace' }).click();
  await expect(page.getByRole('region', { name: 'Listings', exact: true })).toHaveAttribute('aria-busy', 'false');
}
