import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@flipstage/core';
import { signUp } from './support/accounts';
import { listItem } from './support/apiListings';

const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });

test('a buyer messages a seller, who sees it live, accepts an offer that reserves the listing, then blocks the buyer', async ({
  browser,
}) => {
  test.slow();
  const title = `Oak table ${randomUUID().slice(0, 8)}`;
  const sellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const buyer = await buyerContext.newPage();

  const sellerEmail = await signUp(seller);
  const itemId = await listItem(seller.request, sellerEmail, title);
  await seller.goto('/messages');
  await expect(seller.getByText(/No conversations yet/)).toBeVisible();

  // A signed-out buyer is sent to sign in, and comes back to the listing.
  await buyer.goto(`/marketplace/${itemId}`);
  await buyer.getByRole('link', { name: 'Message seller' }).click();
  await expect(buyer).toHaveURL(/\/auth\/signin\?next=/);
  await signUp(buyer);
  await buyer.goto(`/marketplace/${itemId}`);
  await buyer.getByRole('button', { name: 'Message seller' }).click();
  const first = buyer.getByRole('dialog', { name: 'Message seller' });
  await first.getByRole('textbox', { name: 'Message' }).fill('Hello! Is the table still available?');
  await first.getByRole('button', { name: 'Send' }).click();
  await expect(buyer).toHaveURL(/\/messages\/[\w-]+$/);

  // The seller's inbox and top bar change without a reload.
  const row = seller.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText('Hello! Is the table still available?');
  await expect(row).toContainText('1 unread');
  await expect(messagesLink(seller)).toHaveAccessibleName('Messages, 1 unread');

  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  const offer = buyer.getByRole('dialog', { name: 'Make an offer' });
  await offer.getByLabel('Price').fill('350');
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyer.getByRole('group', { name: 'Offer of $350.00' })).toContainText('Waiting for the seller');

  await row.click();
  await seller.getByRole('group', { name: 'Offer of $350.00' }).getByRole('button', { name: 'Accept offer' }).click();
  await expect(buyer.getByRole('group', { name: 'Offer of $350.00' })).toContainText('Accepted');
  await expect(messagesLink(seller)).toHaveAccessibleName('Messages');

  await buyer.goto(`/marketplace/${itemId}`);
  await expect(buyer.getByRole('main').getByText('Reserved', { exact: true })).toBeVisible();
  await buyer.goBack();

  await seller.getByRole('button', { name: 'Block buyer' }).click();
  await expect(seller.getByRole('button', { name: 'Unblock buyer' })).toBeVisible();
  // The buyer's page learns of the block live: the composer gives way to the seller's refusal.
  await expect(buyer.getByText(MESSAGES.blockedBySeller)).toBeVisible();
  await expect(buyer.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  await sellerContext.close();
  await buyerContext.close();
});
