/**
 * Local mode's simulated eBay (issue 41): with no eBay keys the local host serves eBay's consent
 * page, APIs and listing pages at /dev/ebay, and the real fetch adapter publishes to it, so the
 * whole feature works on `npm start` with no eBay account.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EBAY_PATHS, LOCAL_PRICE_IDS } from '@flipstage/core';
import { REPO_ROOT, type LocalHost } from '../../src/localHost/server.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';

let host: LocalHost;
let dataDir: string;
let seller: TestUser;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'flipstage-ebay-host-'));
  host = await startTestLocalHost(dataDir, { env: {} });
  seller = await signUpTestUser('Seller');
  await call('/api/account', { method: 'POST' });
  await subscribeToFlipper();
});
afterAll(async () => {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${seller.idToken}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${host.url}${path}`, { ...init, headers, redirect: 'manual' });
}

const formAction = (html: string, label: string) => {
  const match = new RegExp(`<form method="post" action="([^"]+)">(?:(?!</form>).)*${label}`, 's').exec(html);
  if (!match) throw new Error(`No form with ${label}`);
  return match[1]!;
};

async function subscribeToFlipper() {
  const session = await call('/api/stripe-create-checkout-session', {
    method: 'POST',
    body: JSON.stringify({
      priceId: LOCAL_PRICE_IDS.flipper,
      successUrl: 'http://127.0.0.1:5173/dashboard',
      cancelUrl: 'http://127.0.0.1:5173/pricing',
    }),
  });
  const page = await (await fetch(((await session.json()) as { url: string }).url)).text();
  await fetch(`${host.url}${formAction(page, 'Start trial')}`, { method: 'POST', redirect: 'manual' });
}

describe('the simulated eBay on the local host', () => {
  it('asks for consent on its own page and connects the seller', async () => {
    const started = await call(EBAY_PATHS.connect, {
      method: 'POST',
      body: JSON.stringify({ returnTo: '/dashboard' }),
    });
    const consent = new URL(((await started.json()) as { url: string }).url);
    expect(consent.origin + consent.pathname).toBe(`${host.url}/dev/ebay/oauth2/authorize`);
    const page = await (await fetch(consent)).text();
    expect(page).toContain('Simulated eBay');
    const agreed = await fetch(new URL('/dev/ebay/oauth2/decision', host.url), {
      method: 'POST',
      body: new URLSearchParams({ state: consent.searchParams.get('state')!, decision: 'agree' }),
      redirect: 'manual',
    });
    const back = new URL(
      (await fetch(agreed.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!,
    );
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:5173/dashboard');
    // The seller's page, signed in, finishes with the code eBay sent.
    const fragment = new URLSearchParams(back.hash.slice(1));
    const finished = await call(EBAY_PATHS.finish, {
      method: 'POST',
      body: JSON.stringify({ code: fragment.get('ebayCode'), state: fragment.get('ebayState') }),
    });
    expect(await finished.json()).toMatchObject({ connected: true });
  });

  it('publishes a listing there and shows it on its own listing page', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Blue painted dresser',
      description: 'Six drawers.',
      price: '180',
    }))
      form.set(name, value);
    form.append(
      'images',
      new Blob([readFileSync(join(REPO_ROOT, 'samples', 'dresser-blue.jpg'))], { type: 'image/jpeg' }),
    );
    const created = await call('/api/marketplace-create-item', { method: 'POST', body: form });
    const item = (await created.json()) as { id: string };
    const published = await call(EBAY_PATHS.publish, {
      method: 'POST',
      body: JSON.stringify({
        itemId: item.id,
        categoryId: '103430',
        conditionId: '3000',
        fulfillmentPolicyId: 'sim-pickup',
        paymentPolicyId: 'sim-payment',
        returnPolicyId: 'sim-returns',
        merchantLocationKey: 'home',
        aspects: { Type: ['Dresser'], Material: ['Pine'] },
      }),
    });
    expect(published.status).toBe(201);
    const { url } = (await published.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${host.url}/dev/ebay/itm/\\d+$`));
    const listing = await (await fetch(url)).text();
    expect(listing).toContain('Blue painted dresser');
    expect(listing).toContain('US $180.00');
  });
});
