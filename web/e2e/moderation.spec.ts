import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signOut, signUp, submitSignIn } from './support/accounts';
import { seriousViolations } from './support/axe';
import { listItem } from './support/apiListings';
import { AUTH_EMULATOR_URL } from './support/ports';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run admin:grant -- --email …` against this run's Auth emulator, as local mode's moderator is made. */
async function grantModerator(email: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin-grant.ts', '--email', email], {
    cwd: ROOT,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: new URL(AUTH_EMULATOR_URL).host },
  });
}

test('a report waits for a moderator, who removes the listing with a reason its seller then reads', async ({
  browser,
}) => {
  test.slow();
  const title = `Oak table ${randomUUID().slice(0, 8)}`;
  const seller = await (await browser.newContext()).newPage();
  const moderator = await (await browser.newContext()).newPage();
  const sellerEmail = await signUp(seller);
  const itemId = await listItem(seller.request, sellerEmail, title);

  // A report from a new account only queues the listing: it stays up.
  const moderatorEmail = await signUp(moderator);
  await moderator.goto(`/marketplace/${itemId}`);
  await moderator.getByRole('button', { name: 'Report listing' }).click();
  const report = moderator.getByRole('dialog', { name: 'Report listing' });
  await report.getByRole('textbox', { name: 'Reason' }).fill('The photo is of a different table.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();
  await moderator.reload();
  await expect(moderator.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The role arrives with the next ID token: a new sign-in.
  await grantModerator(moderatorEmail);
  await signOut(moderator);
  await moderator.goto('/auth/signin');
  await submitSignIn(moderator, moderatorEmail);
  await expect(moderator).toHaveURL(/\/dashboard$/);
  await moderator.getByRole('button', { name: 'Account menu' }).click();
  await moderator.getByRole('menuitem', { name: 'Reports' }).click();
  await expect(moderator).toHaveURL(/\/admin\/reports$/);
  const card = moderator.getByRole('listitem', { name: title });
  await expect(card).toContainText('Still listed');
  await expect(card).toContainText('The photo is of a different table.');
  expect(await seriousViolations(moderator)).toEqual([]);

  await card.getByRole('button', { name: `Remove ${title}` }).click();
  const removal = moderator.getByRole('dialog', { name: `Remove “${title}”` });
  await removal.getByRole('textbox', { name: /Reason the seller sees/ }).fill('The photos show another table.');
  await removal.getByRole('button', { name: 'Remove listing' }).click();
  await expect(card).toHaveCount(0);

  // The seller sees why; anyone else finds the listing gone.
  await seller.goto('/dashboard');
  const mine = seller.getByRole('list', { name: 'My listings' }).getByRole('listitem').filter({ hasText: title });
  await expect(mine).toContainText('Removed');
  await expect(mine).toContainText('Reason: The photos show another table.');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/marketplace/${itemId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
});
