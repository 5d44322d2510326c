import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

/** Every public page, ready once its main heading shows. Journeys check the studio and listing states inline. */
const PUBLIC_PAGES: Array<{ path: string; ready: string | null }> = [
  { path: '/', ready: 'Stage your furniture' },
  { path: '/marketplace', ready: 'Listings' },
  { path: '/pricing', ready: 'Frequently asked questions' },
  { path: '/auth/signup', ready: 'Create your account' },
  { path: '/auth/signin', ready: 'Welcome back' },
  { path: '/auth/forgotpass', ready: null },
  { path: '/tips', ready: null },
  { path: '/legal/terms-of-service', ready: null },
  { path: '/legal/privacy-policy', ready: null },
  { path: '/no/such/page', ready: null },
];

for (const { path, ready } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const heading = ready
      ? page.getByRole('heading', { name: ready }).first()
      : page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the dashboard and settings have no serious or critical accessibility violations', async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId('credits-remaining')).toHaveText('10');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/settings/general');
  await expect(page.getByLabel('Name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
