import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
import sharp from 'sharp';
import { signOut, signUp } from './support/accounts';
import { leaveNewListing, listingCard, searchListings } from './support/listings';
import { AUTH_EMULATOR_URL } from './support/ports';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

test('an owner lists, finds and edits an item; another user cannot edit it', async ({ page }) => {
  const word = `oak${randomUUID().slice(0, 8)}`;
  const tag = `tag${randomUUID().slice(0, 8)}`;
  const title = `Solid ${word} table`;

  await signUp(page);
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Price is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Seats six, sanded and oiled.');
  await dialog.getByLabel('Price').fill('290');
  await dialog.getByLabel('Tags').fill(`${tag}, dining`);
  await dialog.getByLabel('Image files').setInputFiles([sample('table-oak.jpg')]);
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog).toBeHidden();
  await leaveNewListing(page, title);
  await expect(listingCard(page, title)).toContainText('Active');

  await searchListings(page, 'Search', word);
  await expect(listingCard(page, title)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await searchListings(page, 'Search', `${word}missing`);
  await expect(page.getByText('No listings match yet.')).toBeVisible();
  await searchListings(page, 'Search', '');
  await searchListings(page, 'Tag', tag);
  await expect(listingCard(page, title)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  await listingCard(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
  await edit.getByLabel('Price').fill('250');
  await edit.getByRole('button', { name: 'Sold' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(listingCard(page, title)).toContainText('$250.00');
  await expect(listingCard(page, title)).toContainText('Sold');

  await edit
    .page()
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const again = page.getByRole('dialog', { name: 'Edit Item' });
  await again.getByRole('button', { name: 'Active' }).click();
  await again.getByRole('button', { name: 'Save Changes' }).click();
  await expect(again).toBeHidden();

  await signOut(page);
  await signUp(page);
  await page.goto('/marketplace');
  await searchListings(page, 'Tag', tag);
  await expect(listingCard(page, title)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Item' })).toBeVisible();
  await expect(listingCard(page, title).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
});

test('a signed-out visitor listing a studio result is sent to sign in, with the way back', async ({ page }) => {
  const image = 'http://127.0.0.1:5050/blobs/image_edits/example.jpg';
  await page.goto(`/marketplace?image=${encodeURIComponent(image)}`);
  await expect(page).toHaveURL(
    `/auth/signin?next=${encodeURIComponent(`/marketplace?image=${encodeURIComponent(image)}`)}`,
  );
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test("a phone's 12-megapixel photo is listed at 2560 px on its long side, shrunk in the browser before upload", async ({
  page,
}, testInfo) => {
  const phonePhoto = testInfo.outputPath('phone-photo.jpg');
  await sharp(sample('dresser-blue.jpg')).resize(4032, 3024).jpeg({ quality: 95 }).toFile(phonePhoto);

  await signUp(page);
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Title').fill(`Navy dresser ${randomUUID().slice(0, 8)}`);
  await dialog.getByLabel('Description').fill('Six drawers.');
  await dialog.getByLabel('Price').fill('240');
  await dialog.getByLabel('Image files').setInputFiles([phonePhoto]);
  const created = page.waitForResponse((r) => r.url().includes('/api/marketplace-create-item'));
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  const item = (await (await created).json()) as { images: string[] };
  const stored = await page.request.get(item.images[0]!);
  const { width, height } = await sharp(await stored.body()).metadata();
  expect([width, height]).toEqual([2560, 1920]);
});

test('a search address restores its results on load, and back and forward step through searches', async ({ page, request }) => {
  const word = `srch${randomUUID().slice(0, 8)}`;
  const signUpResponse = await request.post(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    data: { email: `search-${randomUUID().slice(0, 12)}@example.com`, password: 'staging-is-fun-42', returnSecureToken: true },
  });
  const authorization = `Bearer ${((await signUpResponse.json()) as { idToken: string }).idToken}`;
  expect((await request.post('/api/account', { headers: { authorization } })).ok()).toBe(true);
  const list = async (title: string, style: string, price: string) => {
    const created = await request.post('/api/marketplace-create-item', {
      headers: { authorization, [IDEMPOTENCY_HEADER]: randomUUID() },
      multipart: { title, description: 'Solid walnut.', price, style },
    });
    expect(created.status()).toBe(201);
  };
  await list(`${word} walnut dressers pair`, 'scandinavian', '300');
  await list(`${word} tall walnut dresser`, 'scandinavian', '150');
  await list(`${word} low walnut dresser`, 'modern', '100');
  const titles = page.getByRole('region', { name: 'Listings', exact: true }).getByRole('article').getByRole('heading');

  await page.goto(`/marketplace?search=${word}%20dresser&style=scandinavian&sort=price-asc`);
  await expect(titles).toHaveText([`${word} tall walnut dresser`, `${word} walnut dressers pair`]);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(`${word} dresser`);

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: high to low' }).click();
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(titles).toHaveText([`${word} walnut dressers pair`, `${word} tall walnut dresser`]);

  await page.goBack();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(titles).toHaveText([`${word} tall walnut dresser`, `${word} walnut dressers pair`]);
  await page.goForward();
  await expect(titles).toHaveText([`${word} walnut dressers pair`, `${word} tall walnut dresser`]);
});
