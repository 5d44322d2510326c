import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { seriousViolations } from './support/axe';

interface Route {
  path: string;
  /** The heading that shows once the page has loaded; null: its level-1 heading. */
  ready: string | null;
}

/** Every route a visitor can open, signed in or out. Journeys check the studio's and a listing's states inline. */
const PUBLIC_ROUTES: Route[] = [
  { path: '/', ready: 'Stage your furniture' },
  { path: '/marketplace', ready: 'Listings' },
  { path: '/marketplace/no-such-listing', ready: null },
  { path: '/pricing', ready: 'Frequently asked questions' },
  { path: '/tips', ready: null },
  { path: '/legal/terms-of-service', ready: null },
  { path: '/legal/privacy-policy', ready: null },
  { path: '/auth/verify', ready: null },
  { path: '/auth/reset-password', ready: null },
  { path: '/no/such/page', ready: null },
];

/** The auth forms: a signed-in user opening one is sent on, so they are checked signed out. */
const SIGNED_OUT_ROUTES: Route[] = [
  { path: '/auth/signup', ready: 'Create your account' },
  { path: '/auth/signin', ready: 'Welcome back' },
  { path: '/auth/forgotpass', ready: null },
  { path: '/auth/changepass', ready: null },
];

/** The guarded routes; /settings/billing leaves for /pricing without a plan, which is checked above. */
const SIGNED_IN_ROUTES: Route[] = [
  { path: '/dashboard', ready: 'Dashboard' },
  { path: '/settings/general', ready: null },
  { path: '/settings/password', ready: null },
];

async function violationsAt(page: Page, { path, ready }: Route): Promise<string[]> {
  await page.goto(path);
  const heading = ready
    ? page.getByRole('heading', { name: ready }).first()
    : page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  // The page's data (listings, account, terms) has arrived, so axe judges what a reader sees.
  await page.waitForLoadState('networkidle');
  return (await seriousViolations(page)).map((violation) => `${path} ${violation}`);
}

/** At phone width the top bar's links move into a slide-in menu: checked open. */
async function mobileMenuViolations(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tips');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return (await seriousViolations(page)).map((violation) => `mobile menu ${violation}`);
}

/**
 * Each test audits its routes one after another in one page: a route opened in a warm page costs a
 * fraction of a fresh browser context's first load (the 15 routes signed out took 86 s one context
 * each). Every violation names its route, so a failure still says where.
 */
function auditTest(signedIn: boolean, routes: Route[], mobileMenu: boolean): void {
  const title = `${signedIn ? 'signed in' : 'signed out'}, ${routes.map((route) => route.path).join(', ')}`;
  test(`${title}${mobileMenu ? ' and the mobile menu' : ''} have no serious or critical accessibility violations`, async ({
    page,
  }) => {
    if (signedIn) await signUp(page);
    const found: string[] = [];
    for (const route of routes) found.push(...(await violationsAt(page, route)));
    if (mobileMenu) found.push(...(await mobileMenuViolations(page)));
    expect(found).toEqual([]);
  });
}

// Two of each, so both workers share them.
auditTest(false, PUBLIC_ROUTES.slice(0, 6), false);
auditTest(false, [...PUBLIC_ROUTES.slice(6), ...SIGNED_OUT_ROUTES], true);
auditTest(true, [...SIGNED_IN_ROUTES, ...PUBLIC_ROUTES.slice(0, 3)], false);
auditTest(true, PUBLIC_ROUTES.slice(3), true);
