/**
 * Issue 24, item 2, in local mode: a failure says why on its photo's card, says what it meant for
 * the seller's credits, offers Retry where that can help, and the progress bar never reads 100 %
 * for a batch that failed.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@flipstage/core';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));
const CAT = fileURLToPath(
  new URL('../../functions/test/fixtures/classifier/other/animal-cat-pexels-10863556.jpg', import.meta.url),
);

/** Every value the generation bar takes, recorded in the page as it changes. */
async function recordBarValues(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { barValues: string[] }).barValues = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Generation progress"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { barValues: string[] }).barValues);
}

async function openStudio(page: Page) {
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');
  return credits;
}

test('a photo that is not furniture says so on its card, uses no credit, and the bar stops short', async ({ page }) => {
  const barValues = await recordBarValues(page);
  // Without the preview's verdict the studio sends the photo, so the refusal is the server's own.
  await page.route('**/api/stage/preview', (route) => route.abort());
  const credits = await openStudio(page);
  await page.getByLabel('Upload furniture photos').setInputFiles(CAT);
  await page.getByRole('button', { name: 'Generate Selected' }).click();

  await expect(page.getByText('Image 1 failed')).toBeAttached();
  await expect(page.getByText(MESSAGES.notFurniture('a cat'))).toBeVisible();
  await expect(page.getByText('No credit was used.', { exact: false })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByText('Image 1 was not staged: its card says why. 0 of 1 staged.')).toBeVisible();
  await expect(credits).toHaveText('Credits: 10');
  const bar = page.getByRole('progressbar', { name: 'Generation progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  expect(await barValues()).not.toContain('100');
});

test('a busy server’s failure offers Retry, which stages the photo with the same key for one credit', async ({
  page,
}) => {
  const barValues = await recordBarValues(page);
  const keys: string[] = [];
  // Busy for the first request and its two automatic retries, then the real server answers.
  await page.route('**/api/stage', async (route) => {
    keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
    if (keys.length <= 3)
      await route.fulfill({
        status: 503,
        headers: { 'Retry-After': '0' },
        json: { error: { message: MESSAGES.serverBusy } },
      });
    else await route.continue();
  });
  const credits = await openStudio(page);
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('dresser-blue.jpg'));
  await page.getByRole('button', { name: 'Generate Selected' }).click();

  const card = page.getByRole('group', { name: 'Image 1 was not staged' });
  await expect(card).toContainText(MESSAGES.serverBusy);
  await expect(card).toContainText('No credit was used.');
  await expect(page.getByText('Image 1 failed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 10');
  expect(await barValues()).not.toContain('100');
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page, '#studio')).toEqual([]);

  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Staging image 1 of 1:', { exact: false })).toBeVisible();
  await expect(page.getByText('Image 1 processed')).toBeAttached({ timeout: 30_000 });
  await expect(card).toHaveCount(0);
  await expect(credits).toHaveText('Credits: 9');
  expect(new Set(keys).size).toBe(1);
  expect(await barValues()).toContain('100');
});
