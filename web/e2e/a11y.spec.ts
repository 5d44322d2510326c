import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES: Array<{ path: string; ready: string }> = [
  { path: '/', ready: 'Stage your furniture' },
  { path: '/marketplace', ready: 'Listings' },
  { path: '/pricing', ready: 'Frequently asked questions' },
  { path: '/auth/signup', ready: 'Create your account' },
  { path: '/auth/signin', ready: 'Welcome back' },
];

for (const { path, ready } of PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(blocking).toEqual([]);
  });
}
