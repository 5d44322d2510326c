import { expect, test } from '@playwright/test';
import { signUp, TEST_PASSWORD, uniqueEmail } from './support/accounts';

test('subscribing through checkout adds the plan credits, and the portal cancels it', async ({ page }) => {
  await signUp(page);
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await page.getByRole('button', { name: 'Choose Flipper' }).click();

  // The local host's simulated Stripe Checkout.
  await expect(page.getByRole('heading', { name: 'FlipStage Flipper' })).toBeVisible();
  await page.getByRole('button', { name: 'Start trial' }).click();

  await expect(page).toHaveURL(/\/dashboard\?paid=true$/);
  await expect(page.getByText('Payment successful!')).toBeVisible();
  await expect(page.getByTestId('credits-remaining')).toHaveText('60');
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');
  await expect(page.getByText('Free trial')).toBeVisible();

  await page.goto('/settings/billing');
  await expect(page.getByRole('heading', { name: 'Flipper' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('canceled')).toBeVisible();
  await page.getByRole('link', { name: 'Return to FlipStage' }).click();

  await expect(page).toHaveURL(/\/settings\/general$/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('plan-name')).toHaveText('No active plan');
  await expect(page.getByTestId('credits-remaining')).toHaveText('60');
});

test('a signed-out visitor who picks a plan signs up first and then reaches checkout', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Base' }).click();
  await expect(page).toHaveURL(/\/auth\/signup\?next=%2Fpurchase%2Fbase$/);
  await page.getByLabel('Email').fill(uniqueEmail('buyer'));
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'FlipStage Base' })).toBeVisible();
});
