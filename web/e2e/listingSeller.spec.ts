/**
 * Sellers in control (issue 25): a double click on Create Listing makes one listing and lands on
 * it with the confirmation, the facts buyers ask show on its page, and Delete listing (after its
 * confirm step) removes it and its photos.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

test('a double-clicked Create Listing makes one listing with its facts, which its seller then deletes with its photos', async ({
  page,
}) => {
  const title = `Teak sideboard ${randomUUID().slice(0, 8)}`;
  await signUp(page);
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Three doors, one shelf.');
  await dialog.getByLabel('Price').fill('310');
  await dialog.getByRole('combobox', { name: 'Condition' }).click();
  await page.getByRole('option', { name: 'Like new' }).click();
  await dialog.getByRole('spinbutton', { name: 'Width' }).fill('160');
  await dialog.getByRole('spinbutton', { name: 'Depth' }).fill('45');
  await dialog.getByRole('spinbutton', { name: 'Height' }).fill('78');
  await dialog.getByLabel('Pickup area').fill('Utrecht');
  await dialog.getByRole('switch', { name: 'Delivery available' }).check({ force: true });
  await dialog.getByLabel('Image files').setInputFiles([sample('table-oak.jpg')]);

  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/marketplace-create-item')) creates.push(request.headers()['idempotency-key'] ?? '');
  });
  await dialog.getByRole('button', { name: 'Create Listing' }).dblclick();

  await expect(page).toHaveURL(/\/marketplace\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Your listing is live.')).toBeVisible();
  const details = page.getByRole('table', { name: 'Listing details' });
  await expect(details).toContainText('Like new');
  await expect(details).toContainText('160 × 45 × 78 cm');
  await expect(details).toContainText('Utrecht');
  await expect(details).toContainText('Delivery available');
  await expect(page.getByRole('main')).toContainText(/Posted \w+/);
  await expect(page.getByRole('main')).toContainText(/Member since \w+ \d{4}/);
  // Whether the second click reached the server or not, every request carried the form's one key.
  expect(new Set(creates).size).toBe(1);

  const id = new URL(page.url()).pathname.split('/').pop()!;
  const item = (await (await page.request.get(`/api/marketplace-get-item?id=${id}`)).json()) as {
    owner: string;
    images: string[];
  };
  const sellerItems = await page.request.get(`/api/marketplace-seller-items?seller=${item.owner}`);
  const listed = ((await sellerItems.json()) as { data: Array<{ title: string }> }).data;
  expect(listed.filter((listing) => listing.title === title)).toHaveLength(1);
  const photo = item.images[0]!;
  expect((await page.request.get(photo)).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete listing' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this listing?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByText('Listing deleted.')).toBeVisible();
  expect((await page.request.get(`/api/marketplace-get-item?id=${id}`)).status()).toBe(404);
  expect((await page.request.get(photo)).status()).toBe(404);
});
