import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';

// Pricing and the auth forms are covered by a11y.spec.ts with the studio pages.
const PUBLIC_PAGES = ['/tips', '/legal/terms-of-service', '/legal/privacy-policy', '/auth/forgotpass', '/no/such/page'];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the dashboard and settings have no serious accessibility violations', async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId('credits-remaining')).toHaveText('10');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/settings/general');
  await expect(page.getByLabel('Name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
