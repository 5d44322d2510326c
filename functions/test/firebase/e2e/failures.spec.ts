/**
 * Issue 24 item 2 in Firebase mode: the stage function refuses a photo that is not furniture and
 * the card says why, with no credit used (the balance read from Firestore); a busy answer offers
 * Retry, which stages with the same Idempotency-Key; and the bar follows the phases the stage
 * function records in Firestore, read back by the api function.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { MESSAGES, SIGNUP_CREDITS, type StageProgress } from '@flipstage/core';
import { signUp } from './signUp.js';

const CAT = fileURLToPath(new URL('../../fixtures/classifier/other/animal-cat-pexels-10863556.jpg', import.meta.url));
const DRESSER = fileURLToPath(new URL('../../../../samples/dresser-blue.jpg', import.meta.url));
/** The stage function's first call loads the engine in a new emulator worker. */
const STAGE_COLD_START_MS = 90_000;
const ENGINE_PHASES = ['decode', 'classify', 'segment', 'matte', 'composite', 'encode', 'save'];

test('a refusal and a busy server say why on the photo, use no credit, and Retry stages with the same key', async ({
  page,
}) => {
  test.slow();
  const phases: StageProgress['phase'][] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/stage/progress') || response.status() !== 200) return;
    phases.push(((await response.json()) as StageProgress).phase);
  });
  // Without the preview's verdict the studio sends the cat, so the refusal is the stage function's own.
  await page.route('**/api/stage/preview', (route) => route.abort());
  const keys: string[] = [];
  let busyAnswers = 0;
  await page.route('**/api/stage', async (route) => {
    keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
    // The dresser's first request and its two automatic retries find the server busy.
    if (keys.length > 1 && busyAnswers < 3) {
      busyAnswers += 1;
      await route.fulfill({
        status: 503,
        headers: { 'Retry-After': '0' },
        json: { error: { message: MESSAGES.serverBusy } },
      });
    } else {
      await route.continue();
    }
  });

  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);

  await page.getByLabel('Upload furniture photos').setInputFiles(CAT);
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 failed')).toBeAttached({ timeout: STAGE_COLD_START_MS });
  await expect(page.getByText(MESSAGES.notFurniture('a cat'))).toBeVisible();
  await expect(page.getByText('Image 1 was not staged: its card says why. 0 of 1 staged.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);

  await page.getByLabel('Add more furniture photos').setInputFiles(DRESSER);
  await page.getByRole('button', { name: 'Select image 2' }).click();
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  const card = page.getByRole('group', { name: 'Image 2 was not staged' });
  await expect(card).toContainText(MESSAGES.serverBusy);
  await expect(card).toContainText('No credit was used.');
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);

  await card.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Image 2 processed')).toBeAttached({ timeout: 60_000 });
  await expect(card).toHaveCount(0);
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS - 1}`);
  expect(new Set(keys.slice(1)).size).toBe(1);
  expect(phases.some((phase) => ENGINE_PHASES.includes(phase))).toBe(true);
});
