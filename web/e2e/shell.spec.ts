import { expect, test } from '@playwright/test';

// Issue 26: the served HTML paints a top bar and a loading skeleton before any script runs, and
// React's first render replaces it, leaving one set of landmarks.
test.describe('painted shell', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the served page shows the top bar and a busy loading status', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'FlipStage home' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('Loading…');
      await expect(page.locator('#root > [aria-busy="true"]')).toHaveCount(1);
    });
  });

  test('the app replaces the shell, leaving one banner and one main navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Stage your furniture', exact: true })).toBeVisible();
    await expect(page.locator('#root > .shell')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  });
});
