/**
 * `flipstage listings kit <id> --out DIR` (issue 41), the built binary against the local host: a
 * seller on Flipper gets each site's text and its photos' ZIP; Etsy is skipped for a piece not
 * marked vintage; a seller without the plan is told which plans include it.
 */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KIT_MESSAGES, LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { flipstage, removeTempDirs, signedInUser, tempDir, type TestUser } from './cliHarness.js';
import { SAMPLES_DIR } from './paths.js';

const apiOrigin = () => new URL(inject('apiUrl')).origin;

/** The API as the seller's browser calls it. */
function api(user: TestUser, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${user.idToken}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${apiOrigin()}${path}`, { ...init, headers, redirect: 'manual' });
}

/** A Flipper trial through the local host's simulated checkout. */
async function subscribe(user: TestUser) {
  const session = await api(user, '/api/stripe-create-checkout-session', {
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

async function listing(user: TestUser, title: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ title, description: 'Solid pine.', price: '95' })) form.set(name, value);
  form.append('images', new Blob([readFileSync(join(SAMPLES_DIR, 'dresser-blue.jpg'))], { type: 'image/jpeg' }));
  const created = await api(user, '/api/marketplace-create-item', { method: 'POST', body: form });
  return ((await created.json()) as { id: string }).id;
}

let cwd: string;
beforeAll(async () => {
  cwd = await tempDir('flipstage-cli-kit-');
});
afterAll(() => removeTempDirs());

describe('flipstage listings kit', () => {
  it('writes each site’s text and photos for a seller on Flipper, skipping Etsy for a piece not marked vintage', async () => {
    const seller = await signedInUser(cwd);
    await subscribe(seller);
    const id = await listing(seller, 'Pine dresser');
    const out = join(cwd, 'kits');
    const run = await flipstage(['listings', 'kit', id, '--out', out, '--site', 'craigslist,etsy', '--json'], {
      configDir: seller.configDir,
      cwd,
    });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { sites: Array<Record<string, string | null>> };
    expect(printed.sites).toEqual([
      expect.objectContaining({
        site: 'craigslist',
        textFile: join(out, 'craigslist.txt'),
        photosFile: join(out, 'craigslist-photos.zip'),
      }),
      expect.objectContaining({ site: 'etsy', textFile: null, unavailable: KIT_MESSAGES.etsyNeedsVintage }),
    ]);
    expect(await readFile(join(out, 'craigslist.txt'), 'utf8')).toMatch(/^Pine dresser\n\nSolid pine\./);
    expect([...(await readFile(join(out, 'craigslist-photos.zip'))).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('tells a seller without Flipper or Premium which plans include it', async () => {
    const seller = await signedInUser(cwd);
    const id = await listing(seller, 'Pine chest');
    const run = await flipstage(['listings', 'kit', id, '--out', join(cwd, 'none')], {
      configDir: seller.configDir,
      cwd,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(MESSAGES.marketplacesNeedPlan);
  });
});
