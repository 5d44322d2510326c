import { expect, test, type Page } from '@playwright/test';
import { signUp, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';

test('subscribing through checkout adds the plan credits, and the portal cancels it', async ({ page }) => {
  await signUp(page);
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await page.getByRole('button', { name: 'Choose Flipper' }).click();

  // The local host's simulated Stripe Checkout.
  await expect(page.getByRole('heading', { name: 'FlipStage Flipper' })).toBeVisible();
  await page.getByRole('button', { name: 'Start trial' }).click();

  // A trial charges nothing, so the page does not call it a payment.
  const notice = page.getByRole('status').filter({ hasText: 'Your free trial has started' });
  await expect(notice).toContainText('Nothing has been charged today.');
  // The notice is the checkout's one-time receipt: shown, then taken off the address.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(notice).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByText('Payment successful!')).toHaveCount(0);
  await expect(page.getByTestId('credits-remaining')).toHaveText('60');
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');
  await expect(notice).toHaveCount(0);

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

/** Signs up and starts a Flipper trial through the simulated checkout; ends on the dashboard. */
async function subscribe(page: Page) {
  await signUp(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Flipper' }).click();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('Back from the billing portal returns to the page before the Billing tab, which does not reopen it', async ({
  page,
}) => {
  await subscribe(page);
  const portalsOpened: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/dev/portal/')) portalsOpened.push(frame.url());
  });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/settings\/general$/);
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/dev\/portal\//);
  await expect(page.getByRole('heading', { name: 'Flipper' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/general$/);
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/settings\/general$/);
  expect(portalsOpened).toHaveLength(1);

  // The dashboard's Manage billing goes through the Billing tab too; Back lands on the dashboard.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/dev\/portal\//);
  await expect(page.getByRole('heading', { name: 'Flipper' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(portalsOpened).toHaveLength(2);
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

test('a checkout cancelled at the payment page says so once, and that nothing was charged', async ({ page }) => {
  await signUp(page);
  // Signed in, the top bar leads back to the dashboard from anywhere.
  await page.goto('/pricing');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Flipper' }).click();
  await expect(page.getByRole('heading', { name: 'FlipStage Flipper' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Checkout cancelled' });
  await expect(notice).toContainText('Checkout was cancelled. Nothing was charged, and your plan is as it was.');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(notice).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Choose Flipper' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page.getByTestId('plan-name')).toHaveText('No active plan');
  await expect(page.getByTestId('credits-remaining')).toHaveText('10');
});
