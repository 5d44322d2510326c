/**
 * The local host end to end over HTTP: real engine, real Auth emulator tokens, the simulated
 * checkout and portal pages delivering signed events to the real webhook route.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { REPO_ROOT, type LocalHost } from '../../src/localHost/server.js';
import { DEMO_LOGIN } from '../../src/localHost/seedDemo.js';
import { SEED_LISTINGS } from '../../src/localHost/seedListings.js';
import { AUTH_EMULATOR_HOST, signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { postEmulatorJson } from '../../../scripts/lib/authEmulator.mjs';
import { createFakeStager } from '../helpers/fakeStager.js';
import { startTestLocalHost } from '../helpers/testLocalHost.js';

let host: LocalHost;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'flipstage-host-'));
  host = await startTestLocalHost(dataDir);
});
afterAll(async () => {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(user: TestUser | null, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (user) headers.set('authorization', `Bearer ${user.idToken}`);
  return fetch(`${host.url}/api${path}`, { ...init, headers });
}

async function newAccount(): Promise<TestUser> {
  const user = await signUpTestUser();
  expect((await api(user, '/account', { method: 'POST' })).status).toBe(200);
  return user;
}

/** Starts a checkout through the API and returns the simulated checkout page's HTML. */
async function checkoutPage(user: TestUser, priceId: string): Promise<string> {
  const session = await api(user, '/stripe-create-checkout-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      priceId,
      successUrl: 'http://127.0.0.1:5173/dashboard?paid=true',
      cancelUrl: 'http://127.0.0.1:5173/pricing',
    }),
  });
  const { url } = (await session.json()) as { url: string };
  return (await fetch(url)).text();
}

const formAction = (html: string, label: string) => {
  const match = new RegExp(`<form method="post" action="([^"]+)">(?:(?!</form>).)*${label}`, 's').exec(html);
  if (!match) throw new Error(`No form with ${label}`);
  return match[1]!;
};

describe('local host', () => {
  it('stages a sample photo through the real engine and serves the stored output', async () => {
    const user = await newAccount();
    const form = new FormData();
    form.set(
      'imageFile',
      new Blob([readFileSync(join(REPO_ROOT, 'samples', 'dresser-blue.jpg'))], { type: 'image/jpeg' }),
      'dresser.jpg',
    );
    form.set('style', 'coastal');
    form.set('furnitureType', 'dresser');
    form.set('mode', 'auto');
    const response = await api(user, '/stage', {
      method: 'POST',
      body: form,
      headers: { 'Idempotency-Key': 'sample-1' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { outputUrl: string; creditsRemaining: number };
    expect(body.creditsRemaining).toBe(9);
    expect(body.outputUrl.startsWith(`${host.url}/blobs/`)).toBe(true);

    const output = await fetch(body.outputUrl);
    expect(output.status).toBe(200);
    expect(output.headers.get('content-type')).toBe('image/jpeg');
    expect(output.headers.get('access-control-allow-origin')).toBe('*');
    expect(output.headers.get('cache-control')).toBe('private, max-age=3600');
    const meta = await sharp(Buffer.from(await output.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1024);
  });

  it('answers 404 for a missing or traversing blob path', async () => {
    expect((await fetch(`${host.url}/blobs/items/nothing.jpg`)).status).toBe(404);
    expect((await fetch(`${host.url}/blobs/%2e%2e/webhook-secret`)).status).toBe(404);
  });

  it('runs a checkout on the simulated page and a cancellation in the simulated portal', async () => {
    const user = await newAccount();
    const page = await checkoutPage(user, LOCAL_PRICE_IDS.flipper);
    expect(page).toContain('FlipStage Flipper');
    expect(page).toContain('7-day free trial');
    const confirm = await fetch(`${host.url}${formAction(page, 'Start trial')}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('http://127.0.0.1:5173/dashboard?paid=true');

    const account = (await (await api(user, '/account')).json()) as Record<string, unknown>;
    expect(account).toMatchObject({
      planId: LOCAL_PRICE_IDS.flipper,
      stripeSubscriptionStatus: 'trialing',
      planIsActive: true,
      creditsRemaining: 60,
    });

    const billing = await api(user, '/stripe-create-billing-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnUrl: 'http://127.0.0.1:5173/settings/general' }),
    });
    const portalUrl = ((await billing.json()) as { data: { url: string } }).data.url;
    const portal = await (await fetch(portalUrl)).text();
    expect(portal).toContain('Return to FlipStage');
    const cancel = await fetch(`${host.url}${formAction(portal, 'Cancel subscription')}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect((await (await api(user, '/account')).json()) as Record<string, unknown>).toMatchObject({
      planIsActive: false,
    });
  });

  it('cancelling the checkout page returns to the cancel URL and changes nothing', async () => {
    const user = await newAccount();
    const page = await checkoutPage(user, LOCAL_PRICE_IDS.base);
    const cancel = await fetch(`${host.url}${formAction(page, 'Cancel')}`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe('http://127.0.0.1:5173/pricing');
    expect((await (await api(user, '/account')).json()) as Record<string, unknown>).toMatchObject({
      planIsActive: false,
      creditsRemaining: 10,
    });
  });
});

describe('first-start seed', () => {
  it('creates the demo seller with its listings once, some sold', async () => {
    const seedDir = mkdtempSync(join(tmpdir(), 'flipstage-seed-'));
    const stager = await createFakeStager();
    try {
      const first = await startTestLocalHost(seedDir, { seed: true, stager });
      await first.close();
      const again = await startTestLocalHost(seedDir, { seed: true, stager });
      try {
        expect(stager.calls).toHaveLength(SEED_LISTINGS.length);
        const signIn = await postEmulatorJson(
          `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
          {
            email: DEMO_LOGIN.email,
            password: DEMO_LOGIN.password,
            returnSecureToken: true,
          },
        );
        const { idToken } = signIn.json as { idToken: string };
        const publicList = (await (await fetch(`${again.url}/api/marketplace-get-items`)).json()) as {
          data: { owner: string; aiStaged: boolean; images: string[]; thumbs: string[] }[];
        };
        const ownList = (await (
          await fetch(`${again.url}/api/marketplace-get-items`, { headers: { authorization: `Bearer ${idToken}` } })
        ).json()) as {
          data: unknown[];
          nextCursor: string | null;
        };
        const soldCount = SEED_LISTINGS.filter((l) => l.state === 'sold').length;
        expect(soldCount).toBeGreaterThan(0);
        expect(publicList.data).toHaveLength(SEED_LISTINGS.length - soldCount);
        expect(publicList.data.every((i) => i.owner === DEMO_LOGIN.uid)).toBe(true);
        expect(publicList.data.every((i) => i.aiStaged && i.images.length === 2 && i.thumbs.length === 2)).toBe(true);
        expect(ownList.data).toHaveLength(SEED_LISTINGS.length);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(seedDir, { recursive: true, force: true });
    }
  });
});
