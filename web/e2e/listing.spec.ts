import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signOut, signUp } from './support/accounts';
import { leaveNewListing, listingCard, searchListings } from './support/listings';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));
const HEIC_PHOTO = fileURLToPath(new URL('../../functions/test/fixtures/heic/armchair-irot.heic', import.meta.url));

/** Every picture the locator matches has loaded and has pixels: no broken image, no alt text instead. */
async function expectPictures(pictures: Locator, count: number) {
  await expect(pictures).toHaveCount(count);
  await expect
    .poll(() => pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)))
    .toEqual(Array.from({ length: count }, () => true));
}

/**
 * The pixel width of the stored photo a picture shows (its src). The picture's own naturalWidth is
 * scaled by the density of the srcset candidate the browser chose, so it is not the file's.
 */
async function storedWidth(picture: Locator): Promise<number> {
  return picture.evaluate(async (image) => {
    const stored = new Image();
    stored.src = (image as HTMLImageElement).src;
    await stored.decode();
    return stored.naturalWidth;
  });
}

async function structuredData(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(text ?? '{}') as {
    '@type': string;
    name: string;
    url: string;
    image: string[];
    offers: { '@type': string; price: string; priceCurrency: string; availability: string; url: string };
  };
}

async function setProfileName(page: Page, name: string) {
  await page.goto('/settings/general');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated').first()).toBeVisible();
}

async function fillListing(page: Page, dialogName: string, title: string, price: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Six drawers, refinished in navy.\nDovetailed and solid.');
  await dialog.getByLabel('Price').fill(price);
  await dialog.getByLabel('Tags').fill('dresser, navy');
}

test('a staged result goes from List on Marketplace to a listing page a buyer opens from its card, reads and shares', async ({
  page,
}) => {
  test.slow();
  const word = `navy${randomUUID().slice(0, 8)}`;
  const title = `Staged ${word} dresser`;
  const sellerName = `Ada ${randomUUID().slice(0, 4)}`;

  await signUp(page);
  await setProfileName(page, sellerName);
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('dresser-blue.jpg'));
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  // The local engine stages on this machine's CPU, which other suites may be sharing.
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await page.getByRole('button', { name: 'List on Marketplace' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await expectPictures(dialog.getByRole('img', { name: /^Image 1:/ }), 1);
  await fillListing(page, 'Add Item', title, '240');
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog).toBeHidden();
  await leaveNewListing(page, title);

  await searchListings(page, 'Search', word);
  await expect(page.getByRole('article')).toHaveCount(1);
  // The whole card opens the listing: a click on its photo lands on the title's link, which covers the card.
  const thumb = listingCard(page, title).getByRole('img', { name: `${title}, photo 1` });
  await thumb.scrollIntoViewIfNeeded();
  const box = (await thumb.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/marketplace\/[\w-]+$/);
  const url = page.url();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const photo = page.getByRole('img', { name: `${title}, photo 1 of 1` });
  await expectPictures(photo, 1);
  expect(await storedWidth(photo)).toBeGreaterThan(128);
  const main = page.getByRole('main');
  await expect(main).toContainText('$240.00');
  await expect(main).toContainText(`Seller: ${sellerName}`);
  await expect(main).toContainText('AI-staged');
  await expect(main).toContainText('Active');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  await expect(page).toHaveTitle(`${title} | FlipStage`);
  await expect(page.locator('title')).toHaveCount(1);
  const description = page.locator('meta[name="description"]');
  await expect(description).toHaveCount(1);
  await expect(description).toHaveAttribute(
    'content',
    '$240.00 · Six drawers, refinished in navy. Dovetailed and solid.',
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} | FlipStage`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
  const fullSize = await photo.getAttribute('src');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', fullSize!);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
  expect(await structuredData(page)).toMatchObject({
    '@type': 'Product',
    name: title,
    url,
    image: [fullSize],
    offers: {
      '@type': 'Offer',
      price: '240.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    },
  });

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) })),
  ).toEqual([]);

  // Sold from the listing page itself: the page, and what search engines read, say so.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await edit.getByRole('button', { name: 'Sold' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('This piece has been sold.')).toBeVisible();
  await expect.poll(async () => (await structuredData(page)).offers.availability).toBe('https://schema.org/SoldOut');

  // A stranger with the shared link: the sold listing, without Edit.
  await signOut(page);
  await signUp(page);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('This piece has been sold.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Sold');
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // On a phone the listing fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPictures(page.getByRole('img', { name: `${title}, photo 1 of 1` }), 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('listing-phone.png'), fullPage: true });
});

test('images chosen in the listing dialog, an iPhone HEIC among them, preview and are listed', async ({ page }) => {
  const title = `Oak table and armchair ${randomUUID().slice(0, 8)}`;
  await signUp(page);
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Image files').setInputFiles([sample('table-oak.jpg'), HEIC_PHOTO]);
  await expectPictures(dialog.getByRole('img', { name: /^Image \d:/ }), 2);
  await expect(dialog.getByRole('img', { name: 'Image 2: armchair-irot.heic' })).toBeVisible();
  await fillListing(page, 'Add Item', title, '310');
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog).toBeHidden();
  await leaveNewListing(page, title);

  await searchListings(page, 'Search', title.split(' ').pop()!);
  await listingCard(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Show photo 2' }).click();
  const armchair = page.getByRole('img', { name: `${title}, photo 2 of 2` });
  await expectPictures(armchair, 1);
  // The HEIC's 480 × 360 picture, stored upright as the server converted it.
  expect(await storedWidth(armchair)).toBe(480);
  await expect(page.getByRole('main')).not.toContainText('AI-staged');
});

test('an unknown listing is a not-found page that search engines do not keep', async ({ page }) => {
  await page.goto(`/marketplace/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Browse the Marketplace' }).click();
  await expect(page.getByRole('heading', { name: 'Listings', exact: true })).toBeVisible();
});
