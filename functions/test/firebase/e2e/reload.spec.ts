/**
 * Nothing lost on reload, in Firebase mode: a staging cut off by a reload is sent again with its
 * Idempotency-Key, the stage function answers with the first result from its ledger in Firestore,
 * and the account (read with the Admin SDK) was charged once. The result then shows from the copy
 * the browser kept, and Clear All leaves nothing to restore.
 */
import { fileURLToPath } from 'node:url';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { expect, test, type Page } from '@playwright/test';
import { SIGNUP_CREDITS } from '@flipstage/core';
import { holdStageAnswers } from '../../../../web/e2e/support/heldAnswers.js';
import { adminApp } from '../support/emulators.js';
import { signUp } from './signUp.js';

const PROJECT_ID = 'demo-flipstage';
const PHOTO = fileURLToPath(new URL('../../../../samples/armchair-green.jpg', import.meta.url));
/** The stage function's first call loads the engine in a new emulator worker. */
const STAGE_COLD_START_MS = 90_000;

async function serverCredits(email: string): Promise<number> {
  const admin = adminApp(PROJECT_ID, ['auth', 'firestore']);
  const { uid } = await getAuth(admin).getUserByEmail(email);
  const customer = await getFirestore(admin).doc(`customers/${uid}`).get();
  return customer.get('creditsRemaining') as number;
}

/** What the studio has kept in this browser: photos, and rooms with a copy of their image (as text: the tests' program has Node's types, not the DOM's). */
function kept(page: Page): Promise<{ photos: number; copiedRooms: number }> {
  return page.evaluate(`(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'flipstage-studio')) return { photos: 0, copiedRooms: 0 };
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('flipstage-studio');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const photos = await new Promise((resolve, reject) => {
      const request = db.transaction('photos').objectStore('photos').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    const copiedRooms = photos.flatMap((p) => p.variations).filter((room) => room.blob !== null).length;
    return { photos: photos.length, copiedRooms };
  })()`);
}

test('a staging cut off by a reload comes back charged once, its result kept in the browser, until Clear All', async ({
  page,
}) => {
  test.slow();
  const email = await signUp(page);
  await page.goto('/');
  const credits = page.getByRole('status').filter({ hasText: 'Credits:' });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS}`);

  // The stage function stages and charges; the page never hears back before the reload.
  const held = await holdStageAnswers(page);
  await page.getByLabel('Upload furniture photos').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Generate Selected' }).click();
  await held.serverStaged();
  expect(await serverCredits(email)).toBe(SIGNUP_CREDITS - 1);

  await page.reload();
  await held.release();
  await expect(page.getByText('Image 1 processed')).toBeAttached({ timeout: STAGE_COLD_START_MS });
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS - 1}`);
  expect(await serverCredits(email)).toBe(SIGNUP_CREDITS - 1);

  await expect.poll(() => kept(page)).toEqual({ photos: 1, copiedRooms: 1 });
  await page.reload();
  const staged = page.getByRole('img', { name: 'Staged image 1' });
  await expect(staged).toHaveAttribute('src', /^blob:/);

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect.poll(() => kept(page)).toEqual({ photos: 0, copiedRooms: 0 });
  await page.reload();
  await expect(credits).toHaveText(`Credits: ${SIGNUP_CREDITS - 1}`);
  await expect(page.getByRole('button', { name: 'Select image 1' })).toHaveCount(0);
});
