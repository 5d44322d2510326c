import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signOut, signUp, submitSignIn } from './support/accounts';
import { holdStageAnswers } from './support/heldAnswers';

const sample = (name: string) => fileURLToPath(new URL(`../../samples/${name}`, import.meta.url));

interface StoredPhoto {
  name: string;
  style: string;
  status: string;
  rooms: number;
  inFlight: boolean;
}

/**
 * What the studio has written to this browser's IndexedDB so far. A reload drops a write still
 * under way, as it would for a seller; the journeys wait for the write before they reload.
 */
function storedPhotos(page: Page): Promise<StoredPhoto[]> {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'flipstage-studio')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('flipstage-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const records = await new Promise<Record<string, never>[]>((resolve, reject) => {
      const all = db.transaction('photos').objectStore('photos').getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    type Kept = {
      position: number;
      file: { name: string };
      choice: { style: string };
      status: string;
      variations: unknown[];
      attempt: unknown;
    };
    const kept = (records as unknown as Kept[]).sort((a, b) => a.position - b.position);
    return kept.map((r) => ({
      name: r.file.name,
      style: r.choice.style,
      status: r.status,
      rooms: r.variations.length,
      inFlight: r.attempt !== null,
    }));
  });
}

const credits = (page: Page) => page.getByRole('status').filter({ hasText: 'Credits:' });

test('uploads, a result and a choice survive a reload, and Clear All leaves nothing to come back', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles([sample('dresser-blue.jpg'), sample('sofa-grey.jpg')]);
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await page.getByRole('button', { name: 'Select image 2' }).click();
  await page.getByRole('radiogroup', { name: 'Design style' }).getByText('Coastal', { exact: true }).click();
  await expect
    .poll(() => storedPhotos(page))
    .toEqual([
      { name: 'dresser-blue.jpg', style: expect.any(String), status: 'processed', rooms: 1, inFlight: false },
      { name: 'sofa-grey.jpg', style: 'coastal', status: 'uploaded', rooms: 0, inFlight: false },
    ]);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Select image 2' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Coastal', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Select image 1' }).click();
  const staged = page.getByRole('img', { name: 'Staged image 1' });
  await expect(staged).toBeVisible();
  // Shown from the copy kept in the browser, so it outlives the server's signed URL.
  await expect(staged).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => staged.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect.poll(() => storedPhotos(page)).toEqual([]);
  await page.reload();
  await expect(credits(page)).toHaveText('Credits: 9');
  await expect(page.getByRole('button', { name: 'Select image 1' })).toHaveCount(0);
});

test('a staging in flight at a reload comes back with its result, charged once', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  await expect(credits(page)).toHaveText('Credits: 10');
  // The server stages and charges; the page never hears back before the reload.
  const held = await holdStageAnswers(page);
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('armchair-green.jpg'));
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await held.serverStaged();
  expect(await storedPhotos(page)).toEqual([
    { name: 'armchair-green.jpg', style: expect.any(String), status: 'processing', rooms: 0, inFlight: true },
  ]);

  await page.reload();
  await held.release();
  await expect(page.getByText('Image 1 processed')).toBeAttached();
  await expect(page.getByRole('img', { name: 'Staged image 1' })).toBeVisible();
  await expect(credits(page)).toHaveText('Credits: 9');
  // The server's balance, not only the page's: the resent request was answered from the first.
  await page.reload();
  await expect(credits(page)).toHaveText('Credits: 9');
});

test('each user finds only their own photos: signing out and in as someone else swaps the studio', async ({ page }) => {
  const thumbnails = page.getByRole('list', { name: 'Uploaded images' }).getByRole('button', { name: /^Select image/ });
  const first = await signUp(page);
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('dresser-blue.jpg'));
  await expect.poll(async () => (await storedPhotos(page)).map((p) => p.name)).toEqual(['dresser-blue.jpg']);

  await signOut(page);
  await expect(thumbnails).toHaveCount(0);

  await signUp(page);
  await page.goto('/');
  await expect(credits(page)).toHaveText('Credits: 10');
  await expect(thumbnails).toHaveCount(0);
  await page.getByLabel('Upload furniture photos').setInputFiles([sample('sofa-grey.jpg'), sample('desk-white.jpg')]);
  await expect.poll(async () => (await storedPhotos(page)).length).toBe(3);
  await signOut(page);

  await page.getByRole('link', { name: 'Log in' }).click();
  await submitSignIn(page, first);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(thumbnails).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Original photo 1' })).toBeVisible();
});

test('a signed-out visitor’s photos survive a reload and follow them into the account they sign up for', async ({
  page,
}) => {
  const thumbnails = page.getByRole('list', { name: 'Uploaded images' }).getByRole('button', { name: /^Select image/ });
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('bed-navy.jpg'));
  await expect.poll(async () => (await storedPhotos(page)).map((p) => p.name)).toEqual(['bed-navy.jpg']);
  await page.reload();
  await expect(thumbnails).toHaveCount(1);

  await signUp(page);
  await page.goto('/');
  await expect(credits(page)).toHaveText('Credits: 10');
  await expect(thumbnails).toHaveCount(1);
});

test('where the browser keeps nothing, the studio still works and says the photos will not survive a reload', async ({
  page,
}) => {
  // As in a private mode that refuses IndexedDB.
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('IndexedDB is refused here', 'InvalidStateError');
    };
  });
  await page.goto('/');
  await page.getByLabel('Upload furniture photos').setInputFiles(sample('table-oak.jpg'));
  await expect(page.getByText('This browser will not keep your photos and results after a reload')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select image 1' })).toBeVisible();
});
