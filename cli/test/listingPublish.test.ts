/**
 * `flipstage listings publish <id> --ebay` (issue 41), the built binary against the local host's
 * simulated eBay: a seller on Flipper who connected eBay and published once from the web app
 * publishes the next listing with those choices; eBay's refusal names the field to fix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EBAY_PATHS, LOCAL_PRICE_IDS } from '@flipstage/core';
import { flipstage, removeTempDirs, signedInUser, tempDir, type TestUser } from './cliHarness.js';
import { SAMPLES_DIR } from './paths.js';
import { ONLY_EBAY } from '../src/commands/listingPublish.js';

let seller: TestUser;
let cwd: string;

const apiOrigin = () => new URL(inject('apiUrl')).origin;

/** The API as the seller's browser calls it. */
function api(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${seller.idToken}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${apiOrigin()}${path}`, { ...init, headers, redirect: 'manual' });
}

async function subscribe() {
  const session = await api('/api/stripe-create-checkout-session', {
    method: 'POST',
    body: JSON.stringify({
      priceId: LOCAL_PRICE_IDS.flipper,
      successUrl: 'http://127.0.0.1:5173/',
      cancelUrl: 'http://127.0.0.1:5173/',
    }),
  });
  const page = await (await fetch(((await session.json()) as { url: string }).url)).text();
  const action = /<form method="post" action="([^"]+)">(?:(?!<\/form>).)*Start trial/s.exec(page)![1]!;
  await fetch(`${apiOrigin()}${action}`, { method: 'POST', redirect: 'manual' });
}

async function connectEbay() {
  const started = await api(EBAY_PATHS.connect, { method: 'POST', body: JSON.stringify({ returnTo: '/' }) });
  const consent = new URL(((await started.json()) as { url: string }).url);
  const agreed = await fetch(new URL('/dev/ebay/oauth2/decision', consent), {
    method: 'POST',
    body: new URLSearchParams({ state: consent.searchParams.get('state')!, decision: 'agree' }),
    redirect: 'manual',
  });
  const back = new URL((await fetch(agreed.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
  const fragment = new URLSearchParams(back.hash.slice(1));
  await api(EBAY_PATHS.finish, {
    method: 'POST',
    body: JSON.stringify({ code: fragment.get('ebayCode'), state: fragment.get('ebayState') }),
  });
}

async function listing(title: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ title, description: 'Solid pine.', price: '95' })) form.set(name, value);
  form.append('images', new Blob([readFileSync(join(SAMPLES_DIR, 'dresser-blue.jpg'))], { type: 'image/jpeg' }));
  const created = await api('/api/marketplace-create-item', { method: 'POST', body: form });
  return ((await created.json()) as { id: string }).id;
}

beforeAll(async () => {
  cwd = await tempDir('flipstage-cli-publish-');
  seller = await signedInUser(cwd);
  await subscribe();
  await connectEbay();
  // The first publish from the web app, which keeps the seller's choices.
  const first = await api(EBAY_PATHS.publish, {
    method: 'POST',
    body: JSON.stringify({
      itemId: await listing('Pine dresser'),
      categoryId: '103430',
      conditionId: '3000',
      fulfillmentPolicyId: 'sim-pickup',
      paymentPolicyId: 'sim-payment',
      returnPolicyId: 'sim-returns',
      merchantLocationKey: 'home',
      aspects: { Type: ['Dresser'], Material: ['Pine'] },
    }),
  });
  if (first.status !== 201) throw new Error(`the first publish answered ${first.status}: ${await first.text()}`);
});
afterAll(() => removeTempDirs());

describe('flipstage listings publish --ebay', () => {
  it('publishes with the saved choices and prints the eBay listing as JSON', async () => {
    const id = await listing('Pine chest of drawers');
    const run = await flipstage(['listings', 'publish', id, '--ebay', '--json'], { configDir: seller.configDir, cwd });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, string>;
    expect(printed).toMatchObject({ itemId: id, site: 'ebay', state: 'live' });
    expect(printed.url).toMatch(new RegExp(`^${apiOrigin()}/dev/ebay/itm/\\d+$`));
    expect(await (await fetch(printed.url!)).text()).toContain('Pine chest of drawers');
  });

  it('says which field eBay refused and what to do', async () => {
    const id = await listing('A very long title for a pine chest of drawers with six drawers and brass handles, 1970s');
    const run = await flipstage(['listings', 'publish', id, '--ebay'], { configDir: seller.configDir, cwd });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('eBay did not accept the listing.');
    expect(run.stderr).toContain('Title: Give the piece a title of 1 to 80 characters.');
  });

  it('refuses without --ebay, pointing to the kits', async () => {
    const run = await flipstage(['listings', 'publish', 'any-id'], { configDir: seller.configDir, cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(ONLY_EBAY);
  });
});
