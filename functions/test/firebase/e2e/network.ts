import type { BrowserContext } from '@playwright/test';

/**
 * Has a browser's API calls come from a network of its own, as each person's would. The api
 * function counts new accounts and free tries per client address (X-Forwarded-For's first entry
 * behind Hosting, which passes the header on), and every other journey of the tier calls from
 * 127.0.0.1, so a journey that needs fresh accounts or free tries must not share that budget.
 */
export async function onOwnNetwork(context: BrowserContext, address: string): Promise<void> {
  await context.route('**/api/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}
