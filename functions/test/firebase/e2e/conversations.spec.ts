/**
 * Buyers reach sellers in Firebase mode: the web app reads conversations and their messages
 * straight from Firestore with onSnapshot, under rules that let only the two participants in,
 * while every write goes through the api function. The seller's open inbox and top bar show the
 * buyer's first message without a reload, and each side sees the other's reply arrive.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PATHS } from '@flipstage/core';
import { emulatorHost } from '../support/emulators.js';
import { confirmEmail, expectSignupCreditsClaimed, submitSignUp } from './signUp.js';

const PASSWORD = 'staging-is-fun-42';
const PHOTO = fileURLToPath(new URL('../../../../samples/table-oak.jpg', import.meta.url));

async function idToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(
    `http://${emulatorHost('auth')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password: PASSWORD, returnSecureToken: true } },
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Lists an item through the api function, as the seller; returns its id. */
async function listItem(page: Page, email: string, title: string): Promise<string> {
  const response = await page.request.post(API_PATHS.marketplaceCreateItem, {
    headers: { Authorization: `Bearer ${await idToken(page.request, email)}` },
    multipart: {
      title,
      description: 'Seats six, sanded and oiled.',
      price: '400',
      tags: 'table',
      state: 'active',
      images: { name: 'table-oak.jpg', mimeType: 'image/jpeg', buffer: await readFile(PHOTO) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** Signed up and the email confirmed: listing a piece and writing to a seller need a verified address. */
async function signedUp(page: Page): Promise<string> {
  const email = await submitSignUp(page);
  await expect(page).not.toHaveURL(/\/auth\/signup/);
  await confirmEmail(page, email);
  await expectSignupCreditsClaimed(page);
  return email;
}

test('a buyer messages a seller whose inbox, read live from Firestore, shows it without a reload; the reply arrives live', async ({
  browser,
}) => {
  test.slow();
  const title = `Oak table ${randomUUID().slice(0, 8)}`;
  const sellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const buyer = await buyerContext.newPage();

  const sellerEmail = await signedUp(seller);
  const itemId = await listItem(seller, sellerEmail, title);
  await seller.goto('/messages');
  await expect(seller.getByText(/No conversations yet/)).toBeVisible();

  await signedUp(buyer);
  await buyer.goto(`/marketplace/${itemId}`);
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  const first = buyer.getByRole('dialog', { name: 'Message seller' });
  await first.getByRole('textbox', { name: 'Message' }).fill('Hello! Is the table still available?');
  await first.getByRole('button', { name: 'Send' }).click();
  await expect(buyer).toHaveURL(/\/messages\/[\w-]+$/);

  const row = seller.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText('Hello! Is the table still available?');
  await expect(row).toContainText('1 unread');
  await expect(
    seller.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages, 1 unread' }),
  ).toBeVisible();

  await row.click();
  await seller.getByRole('textbox', { name: 'Message' }).fill('Yes, it is. Saturday works.');
  await seller.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByRole('list', { name: 'Messages' })).toContainText('Yes, it is. Saturday works.');

  await buyer.getByRole('textbox', { name: 'Message' }).fill('Great, see you then.');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(seller.getByRole('list', { name: 'Messages' })).toContainText('Great, see you then.');

  await sellerContext.close();
  await buyerContext.close();
});
