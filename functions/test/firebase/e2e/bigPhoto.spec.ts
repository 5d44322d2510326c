/**
 * Issue 24, item 1 in Firebase mode: a 48 MP, 30 MB camera JPEG is shrunk upright in the browser
 * and staged by the stage function behind Hosting, where a request over 32 MB never reaches the
 * app; Generate pressed while the photo is being read waits for it.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API_PATHS, MAX_INPUT_BYTES, SIGNUP_CREDITS } from '@flipstage/core';
import { writeBigPhoto } from '../../../../web/e2e/support/bigPhoto.js';
import { confirmEmail, expectSignupCreditsClaimed, submitSignUp } from './signUp.js';

/** The stage function's first call loads the engine in a new emulator worker. */
const STAGE_COLD_START_MS = 90_000;

/** What is read of an <img>: the tests' TypeScript program has Node's types, not the DOM's. */
interface LoadedImage {
  naturalWidth: number;
  naturalHeight: number;
}

let dir: string;
let bigPhoto: string;
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipstage-big-photo-'));
  bigPhoto = await writeBigPhoto(dir);
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

test('a 48 MP, 30 MB camera JPEG is shrunk upright in the browser and staged by the stage function', async ({
  page,
}) => {
  test.slow();
  expect((await stat(bigPhoto)).size).toBeGreaterThan(MAX_INPUT_BYTES);
  const email = await submitSignUp(page);
  await confirmEmail(page, email);
  await expectSignupCreditsClaimed(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);
  // Modern's room plates are rendered; the armchair takes the chair's place in them.
  await page.getByRole('radiogroup', { name: 'Design style' }).getByText('Modern', { exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Furniture type' }).getByText('Accent Chair', { exact: true }).click();

  const staged = page.waitForRequest((request) => new URL(request.url()).pathname === API_PATHS.stage, {
    timeout: STAGE_COLD_START_MS,
  });
  await page.getByLabel('Upload furniture photos').setInputFiles(bigPhoto);
  const thumbnail = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Select image 1' }) });
  await expect(thumbnail.getByText('Preparing…')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Selected' }).click();

  const request = await staged;
  expect((await request.sizes()).requestBodySize).toBeLessThan(MAX_INPUT_BYTES);
  await expect(page.getByText('Image 1 processed')).toBeAttached({ timeout: STAGE_COLD_START_MS });
  expect((await request.response())?.status()).toBe(200);
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS - 1}`);
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const original = await page.getByRole('img', { name: 'Original photo 1' }).evaluate((image) => {
    const loaded = image as unknown as LoadedImage;
    return [loaded.naturalWidth, loaded.naturalHeight];
  });
  expect(original).toEqual([4096, 3072]);
});
