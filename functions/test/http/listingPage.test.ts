/**
 * GET /marketplace/{id}: the listing's page as a crawler or link preview reads it (issue 25), on
 * the real PGlite store, with a shell shaped like web/index.html.
 */
import express, { type Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LISTING_FACTS } from '@flipstage/core';
import { listingPageRoutes } from '../../src/http/listingPageRoutes.js';
import { errorHandler } from '../../src/http/errors.js';
import { openTestDatabase } from '../helpers/testDatabase.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import type { ItemDoc, Store } from '../../src/ports/store.js';

const SITE = 'https://flipstage.example';
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title data-static-meta>FlipStage — AI furniture staging</title>
    <meta data-static-meta name="description" content="Upload a furniture photo." />
    <meta data-static-meta property="og:title" content="FlipStage — AI furniture staging" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let store: Store;
let app: Express;
beforeAll(async () => {
  store = createPgliteStore(await openTestDatabase());
  app = express();
  app.use(listingPageRoutes({ store, shell: { read: async () => SHELL }, siteUrl: SITE }));
  app.use(errorHandler);
});
afterAll(() => store.close());

let next = 0;
async function listing(overrides: Partial<ItemDoc> = {}): Promise<ItemDoc> {
  next += 1;
  return store.createItem({
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    owner: 'seller-1',
    title: 'Walnut dresser',
    description: 'Six drawers, refinished top.',
    price: 240,
    tags: ['walnut'],
    state: 'active',
    images: ['http://127.0.0.1:5050/blobs/items/a/photo.jpg'],
    thumbs: ['http://127.0.0.1:5050/blobs/items/a/thumb.jpg'],
    variants: [],
    aiStaged: false,
    keywords: ['walnut', 'dresser'],
    ...NO_LISTING_FACTS,
    reserved: false,
    hidden: false,
    sellerName: 'Ada',
    sellerSince: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** Each head tag's attributes, by tag, as an HTML parser would read them (entities decoded). */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta data-static-meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json" data-static-meta>([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('GET /marketplace/{id}', () => {
  it('answers the listing’s title, description, canonical URL and Open Graph product tags', async () => {
    const item = await listing();
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/html');
    const url = `${SITE}/marketplace/${item.id}`;
    expect(response.text).toContain('<title data-static-meta>Walnut dresser | FlipStage</title>');
    expect(response.text).toContain(`<link data-static-meta rel="canonical" href="${url}" />`);
    expect(metaContent(response.text, 'description')).toBe('$240.00 · Six drawers, refinished top.');
    expect(metaContent(response.text, 'og:title')).toBe('Walnut dresser | FlipStage');
    expect(metaContent(response.text, 'og:description')).toBe('$240.00 · Six drawers, refinished top.');
    expect(metaContent(response.text, 'og:url')).toBe(url);
    expect(metaContent(response.text, 'og:type')).toBe('product');
    expect(metaContent(response.text, 'product:price:amount')).toBe('240.00');
    expect(metaContent(response.text, 'product:price:currency')).toBe('USD');
    expect(metaContent(response.text, 'twitter:card')).toBe('summary_large_image');
  });

  it('replaces the shell’s static meta tags and keeps its scripts, so the app boots', async () => {
    const item = await listing();
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(response.text).not.toContain('AI furniture staging');
    expect(response.text).not.toContain('Upload a furniture photo.');
    expect(response.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(response.text).toContain('<div id="root"></div>');
  });

  it('points og:image at the first photo as an absolute URL', async () => {
    const item = await listing({ images: ['/blobs/items/b/first.jpg', '/blobs/items/b/second.jpg'] });
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(metaContent(response.text, 'og:image')).toBe(`${SITE}/blobs/items/b/first.jpg`);
    expect(metaContent(response.text, 'twitter:image')).toBe(`${SITE}/blobs/items/b/first.jpg`);
  });

  it('points og:image at the 1200-wide variant of the first photo when it has variants, with its size', async () => {
    const sources = [640, 1200, 2048].map((width) => ({ width, url: `https://cdn.example/c/${width}.jpg` }));
    const item = await listing({ variants: [{ width: 3000, height: 2000, sources }] });
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(metaContent(response.text, 'og:image')).toBe('https://cdn.example/c/1200.jpg');
    expect(metaContent(response.text, 'og:image:width')).toBe('1200');
    expect(metaContent(response.text, 'og:image:height')).toBe('800');
  });

  it('escapes a title and description written to break out of the tags', async () => {
    const title = 'Oak "table" </script><script>alert(1)</script> & chairs';
    const item = await listing({ title, description: `It's <b>solid</b> & "heavy"` });
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(response.text).not.toContain('<script>alert(1)');
    expect(response.text).not.toContain('<b>solid');
    expect(metaContent(response.text, 'og:title')).toBe(`${title} | FlipStage`);
    expect(metaContent(response.text, 'og:description')).toBe(`$240.00 · It's <b>solid</b> & "heavy"`);
    expect(jsonLd(response.text).name).toBe(title);
  });

  it('writes the Product JSON-LD with its offer, availability and condition', async () => {
    const item = await listing({ state: 'sold', condition: 'like-new', images: ['/blobs/x.jpg'] });
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(jsonLd(response.text)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Walnut dresser',
      description: 'Six drawers, refinished top.',
      image: [`${SITE}/blobs/x.jpg`],
      offers: {
        '@type': 'Offer',
        price: '240.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/SoldOut',
        itemCondition: 'https://schema.org/UsedCondition',
      },
    });
  });

  it('lets browsers keep the page a minute and the CDN five', async () => {
    const item = await listing();
    const response = await request(app).get(`/marketplace/${item.id}`);
    expect(response.headers['cache-control']).toBe('public, max-age=60, s-maxage=60');
  });

  it.each([
    ['an unknown listing', async () => '00000000-0000-4000-8000-999999999999'],
    ['a hidden listing', async () => (await listing({ hidden: true })).id],
    ['an id no listing could have', async () => 'not an id'],
  ])('answers %s with 404 and the app’s shell, marked noindex and not cached', async (_name, id) => {
    const response = await request(app).get(`/marketplace/${encodeURIComponent(await id())}`);
    expect(response.status).toBe(404);
    expect(response.type).toBe('text/html');
    expect(response.text).toContain('<meta data-static-meta name="robots" content="noindex" />');
    expect(response.text).toContain('<title data-static-meta>Listing not found | FlipStage</title>');
    expect(response.text).toContain('<div id="root"></div>');
    expect(response.text).not.toContain('og:title');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('GET /listing-head/{id}', () => {
  it('answers the head tags alone, for the Vite servers to put in their index.html', async () => {
    const item = await listing();
    const response = await request(app).get(`/listing-head/${item.id}`);
    expect(response.status).toBe(200);
    expect(response.body.found).toBe(true);
    expect(response.body.head).toContain('<title data-static-meta>Walnut dresser | FlipStage</title>');
    expect(response.body.head).not.toContain('<html');
  });
});
