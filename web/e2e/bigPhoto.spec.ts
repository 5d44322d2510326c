import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { API_PATHS, MAX_INPUT_BYTES, MESSAGES } from '@flipstage/core';
import { signUp } from './support/accounts';
import { writeBigPhoto } from './support/bigPhoto';

let dir: string;
let bigPhoto: string;
test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipstage-big-photo-'));
  bigPhoto = await writeBigPhoto(dir);
});
test.afterAll(() => rm(dir, { recursive: true, force: true }));

function naturalSize(picture: Locator) {
  return picture.evaluate((image) => [
    (image as HTMLImageElement).naturalWidth,
    (image as HTMLImageElement).naturalHeight,
  ]);
}

// Issue 24, item 1: a 48 MP phone photo failed with a 413 while the progress bar said 100 %.
test('a 48 MP, 30 MB camera JPEG is shrunk upright in the browser and staged, Generate waiting for it', async ({
  page,
}) => {
  expect((await stat(bigPhoto)).size).toBeGreaterThan(MAX_INPUT_BYTES);
  await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText('Credits: 10');
  // Modern's room plates are rendered; the armchair takes the chair's place in them. Chosen
  // before the upload, so Generate is pressed the moment the photo is in.
  await page.getByRole('radiogroup', { name: 'Design style' }).getByText('Modern', { exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Furniture type' }).getByText('Accent Chair', { exact: true }).click();

  const staged = page.waitForRequest((request) => new URL(request.url()).pathname === API_PATHS.stage);
  await page.getByLabel('Upload furniture photos').setInputFiles(bigPhoto);
  const thumbnail = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Select image 1' }) });
  await expect(thumbnail.getByText('Preparing…')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Selected' }).click();

  // What is sent is the shrunk photo, within the server's limit, and the server takes it.
  const request = await staged;
  expect((await request.response())?.status()).toBe(200);
  expect((await request.sizes()).requestBodySize).toBeLessThan(MAX_INPUT_BYTES);
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(credits).toHaveText('Credits: 9');
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The original on show is the shrunk photo: 4,096 px long, landscape as the camera was held.
  expect(await naturalSize(page.getByRole('img', { name: 'Original photo 1' }))).toEqual([4096, 3072]);
});

test('a file the browser cannot read is left out with the invalid-image message, before any upload', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/');
  let sent = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(API_PATHS.stage)) sent += 1;
  });
  await page.getByLabel('Upload furniture photos').setInputFiles({
    name: 'broken.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a photo at all'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    `${MESSAGES.invalidImageSelected} broken.jpg could not be opened in this browser, so it was left out.`,
  );
  await expect(page.getByRole('button', { name: 'Select image 1' })).toHaveCount(0);
  expect(sent).toBe(0);
});
