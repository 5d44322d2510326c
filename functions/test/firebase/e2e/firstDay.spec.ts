/**
 * A seller's first day in Firebase mode, end to end in the Emulator Suite: the email confirmed
 * through the Auth emulator's out-of-band link, the sign-up credits granted by the server once it
 * is, an iPhone photo staged by the stage function, and the listing public to anyone. Images are
 * in Cloud Storage when the Storage emulator runs, else in the functions' file store.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { listingCard, searchListings } from '../../../../web/e2e/support/listings.js';
import { confirmEmail, expectSignupCreditsClaimed, submitSignUp } from './signUp.js';

const HEIC_PHOTO = fileURLToPath(new URL('../../fixtures/heic/armchair-irot.heic', import.meta.url));
/** The stage function's first call loads the engine in a new emulator worker. */
const STAGE_COLD_START_MS = 90_000;

/** What the check reads of an <img>: the tests' TypeScript program has Node's types, not the DOM's. */
interface LoadedImage {
  naturalWidth: number;
}

/** The picture has loaded and has pixels: not a broken image, not its alt text. */
async function expectPixels(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image) => (image as unknown as LoadedImage).naturalWidth))
    .toBeGreaterThan(0);
}

test('sign up, confirm the email, get the credits, stage an iPhone HEIC, list it; a signed-out visitor sees the listing', async ({
  page,
  browser,
  baseURL,
}) => {
  // The stage function loads the engine on its first call, on a machine other suites share.
  test.slow();
  const word = `armchair${randomUUID().slice(0, 8)}`;
  const title = `Green ${word}`;

  const email = await submitSignUp(page);
  await expect(page).toHaveURL(/\/auth\/verify/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByText(`Confirm your email to get your ${SIGNUP_CREDITS} free credits.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();

  // The Auth emulator's action page applies the code and continues to /auth/verify, as Firebase's does.
  await confirmEmail(page, email);
  await expectSignupCreditsClaimed(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByTestId('credits-remaining')).toHaveText(String(SIGNUP_CREDITS));

  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);
  await page.getByLabel('Upload furniture photos').setInputFiles(HEIC_PHOTO);
  await expectPixels(page.getByRole('img', { name: 'Original photo 1' }));
  // Modern's room plates are rendered (not every style's are yet); the armchair takes the chair's place in them.
  await page.getByRole('radiogroup', { name: 'Design style' }).getByText('Modern', { exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Furniture type' }).getByText('Accent Chair', { exact: true }).click();
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached({ timeout: STAGE_COLD_START_MS });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS - 1}`);
  await expectPixels(page.getByRole('img', { name: 'Staged image 1' }));
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'List on Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace/);
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await expectPixels(dialog.getByRole('img', { name: /^Image 1:/ }));
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Mid-century armchair, reupholstered in green.');
  await dialog.getByLabel('Price').fill('180');
  await dialog.getByLabel('Tags').fill('armchair, green');
  await dialog.getByRole('button', { name: 'Create Listing' }).click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newContext({ baseURL });
  try {
    const visit = await visitor.newPage();
    await visit.goto('/marketplace');
    await expect(visit.getByRole('link', { name: 'Log in' })).toBeVisible();
    await searchListings(visit, 'Search', word);
    const card = listingCard(visit, title);
    await expectPixels(card.getByRole('img', { name: `${title}, photo 1` }));
    await card.getByRole('link', { name: title }).click();
    await expect(visit).toHaveURL(/\/marketplace\/[\w-]+$/);
    await expect(visit.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectPixels(visit.getByRole('img', { name: `${title}, photo 1 of 1` }));
    await expect(visit.getByRole('main')).toContainText('$180.00');
    await expect(visit.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    // Its link previews: Hosting rewrites the listing's address to the api function, which writes its head.
    const preview = await visit.request.get(visit.url());
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain(`<meta data-static-meta property="og:title" content="${title} | FlipStage" />`);
  } finally {
    await visitor.close();
  }
});
