import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS } from '@flipstage/core';
import { TEST_PASSWORD } from './accounts';
import { AUTH_EMULATOR_URL, LOCAL_HOST_URL } from './ports';

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

const TABLE_PHOTO = fileURLToPath(new URL('../../../samples/table-oak.jpg', import.meta.url));

/** The account's ID token, from the Auth emulator's REST sign-in. */
async function idToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password: TEST_PASSWORD, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Lists an item through the API (the listing form has journeys of its own); returns its id. */
export async function listItem(request: APIRequestContext, email: string, title: string): Promise<string> {
  const response = await request.post(`${LOCAL_HOST_URL}${API_PATHS.marketplaceCreateItem}`, {
    headers: { Authorization: `Bearer ${await idToken(request, email)}` },
    multipart: {
      title,
      description: 'Seats six, sanded and oiled.',
      price: '400',
      tags: 'table',
      state: 'active',
      images: { name: 'table-oak.jpg', mimeType: 'image/jpeg', buffer: await readFile(TABLE_PHOTO) },
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}
