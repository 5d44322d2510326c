import { expect, test } from '@playwright/test';
import { PLANS } from '@flipstage/core';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

test('a visitor sees the trial length on every plan card', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText(/Every plan starts with a 7-day free trial\./)).toBeVisible();
  for (const plan of PLANS) {
    await expect(page.getByRole('article', { name: plan.name })).toContainText(
      `7-day free trial, then $${plan.price} a month`,
    );
  }
  await expect(page.getByRole('button', { name: 'Start Your Free Trial' })).toBeVisible();
});

test('a subscriber sees the current plan marked and Manage plan instead of a trial', async ({ page }) => {
  await signUp(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Choose Flipper' }).click();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Flipper');

  await page.getByRole('link', { name: 'Pricing' }).first().click();
  const flipper = page.getByRole('article', { name: 'Flipper' });
  await expect(flipper).toContainText('Current plan');
  await expect(flipper).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('article', { name: 'Base' })).not.toContainText('Current plan');
  await expect(page.getByText(/You are on the Flipper plan\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Your Free Trial' })).toHaveCount(0);
  await expect(page.getByText(/day free trial/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Switch to Premium' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Manage plan opens the portal; Back comes back to pricing, not to a page that reopens it.
  await page.getByRole('link', { name: 'Manage plan' }).click();
  await expect(page).toHaveURL(/\/dev\/portal\//);
  await expect(page.getByRole('heading', { name: 'Flipper' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(flipper).toContainText('Current plan');
});
