import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { IDEMPOTENCY_HEADER } from '@flipstage/core';
import { AUTH_EMULATOR_URL, WEB_URL } from './support/ports';

const sample = fileURLToPath(new URL('../../samples/dresser-blue.jpg', import.meta.url));

/** A head tag's content as a crawler reads it: the attribute, entities decoded. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta data-static-meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

test('a listing’s link answers its preview tags, then boots the app, whose Share copies the public link', async ({
  page,
  request,
  context,
}) => {
  const signUp = await request.post(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    data: {
      email: `preview-${randomUUID().slice(0, 12)}@example.com`,
      password: 'staging-is-fun-42',
      returnSecureToken: true,
    },
  });
  const authorization = `Bearer ${((await signUp.json()) as { idToken: string }).idToken}`;
  expect((await request.post('/api/account', { headers: { authorization } })).ok()).toBe(true);
  const title = `Painted "navy" dresser & mirror </script> ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/marketplace-create-item', {
    headers: { authorization, [IDEMPOTENCY_HEADER]: randomUUID() },
    multipart: {
      title,
      description: 'Six drawers, brass knobs.',
      price: '240',
      images: { name: 'dresser.jpg', mimeType: 'image/jpeg', buffer: await readFile(sample) },
    },
  });
  expect(created.status()).toBe(201);
  const item = (await created.json()) as { id: string; images: string[] };
  const url = `${WEB_URL}/marketplace/${item.id}`;

  // What a crawler sees: no script runs, the head says it all.
  const raw = await request.get(`/marketplace/${item.id}`);
  expect(raw.status()).toBe(200);
  const html = await raw.text();
  expect(html).not.toContain('</script> ');
  expect(meta(html, 'og:title')).toBe(`${title} | FlipStage`);
  expect(meta(html, 'og:description')).toBe('$240.00 · Six drawers, brass knobs.');
  expect(meta(html, 'og:url')).toBe(url);
  expect(meta(html, 'og:type')).toBe('product');
  expect(meta(html, 'og:image')).toBe(item.images[0]);
  expect(meta(html, 'og:image')).toMatch(/^https?:\/\//);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  expect(html).toContain(`<link data-static-meta rel="canonical" href="${url}" />`);
  const jsonLd = /<script type="application\/ld\+json" data-static-meta>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Product', name: title, offers: { price: '240.00' } });

  // The same address in a browser is the app; without a share sheet, Share offers Copy link.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB_URL });
  await page.goto(`/marketplace/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const missing = await request.get(`/marketplace/${randomUUID()}`);
  expect(missing.status()).toBe(404);
  expect(meta(await missing.text(), 'robots')).toBe('noindex');
});
