import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
import { AUTH_EMULATOR_URL } from './support/ports';
import { listingCard } from './support/listings';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

/** The photo's width as a phone's photo reaches the server: the browser shrinks it to 2560 px first. */
const PHOTO_WIDTH = 2560;

/** A seller and their listing made straight through the API: this journey is about the buyer's pages. */
async function createListing(request: APIRequestContext, title: string): Promise<{ id: string; images: string[] }> {
  const signUp = await request.post(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    data: {
      email: `photos-${randomUUID().slice(0, 12)}@example.com`,
      password: 'staging-is-fun-42',
      returnSecureToken: true,
    },
  });
  const authorization = `Bearer ${((await signUp.json()) as { idToken: string }).idToken}`;
  expect((await request.post('/api/account', { headers: { authorization } })).ok()).toBe(true);
  const photo = await sharp(sample('dresser-blue.jpg')).resize({ width: PHOTO_WIDTH }).jpeg({ quality: 90 }).toBuffer();
  const created = await request.post('/api/marketplace-create-item', {
    headers: { authorization, [IDEMPOTENCY_HEADER]: randomUUID() },
    multipart: {
      title,
      description: 'Six drawers, refinished in navy.',
      price: '240',
      images: { name: 'dresser.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; images: string[] };
}

/**
 * Sums every layout shift the page reports from its first paint on, as Cumulative Layout Shift
 * counts them: shifts right after the user's own input are theirs, not the page's.
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const page = window as unknown as { layoutShift: number };
    page.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) page.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shift so far, read after a frame has been drawn, so the last shift has been reported. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => resolve((window as unknown as { layoutShift: number }).layoutShift)),
        ),
      ),
  );

/**
 * Holds every listing photo's response until released, so the photos arrive only after the page
 * has laid itself out around them: the moment a missing reservation would show as a shift. What
 * shifts before that is the page's own loading, not its photos'.
 */
async function holdPhotos(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/blobs/items/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectLoaded(photo: Locator) {
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('listing photos arrive in the space kept for them, at a variant’s size on a card', async ({ page, request }) => {
  const title = `Photo ${randomUUID().slice(0, 8)} dresser`;
  const listing = await createListing(request, title);
  await recordLayoutShifts(page);

  let release = await holdPhotos(page);
  await page.goto('/marketplace');
  const card = listingCard(page, title);
  const cardPhoto = card.getByRole('img', { name: `${title}, photo 1` });
  await cardPhoto.scrollIntoViewIfNeeded();
  let before = await layoutShift(page);
  release();
  await expectLoaded(cardPhoto);
  expect(await layoutShift(page)).toBeLessThan(before + 0.01);
  // A card about 360 px wide on a 1× screen picks the 640 px copy, not the 2560 px photo.
  const chosen = await cardPhoto.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).not.toBe(listing.images[0]);
  expect(Number(/-(\d+)w\.jpg$/.exec(chosen)?.[1])).toBeLessThan(PHOTO_WIDTH);

  // On a phone the photo sits above the title, price and description: everything moves if it is late.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.unrouteAll({ behavior: 'wait' });
  release = await holdPhotos(page);
  await page.goto(`/marketplace/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The contact buttons wait for the session, which loads beside the first render: once they are
  // in, what moves next is the photo's doing.
  await expect(page.getByRole('link', { name: 'Message seller' })).toBeVisible();
  before = await layoutShift(page);
  release();
  const photo = page.getByRole('img', { name: `${title}, photo 1 of 1` });
  await expectLoaded(photo);
  expect(await layoutShift(page)).toBeLessThan(before + 0.01);
});
