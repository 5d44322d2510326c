import { describe, expect, it } from 'vitest';
import type { ItemDetail } from './contracts/marketplace.js';
import { NO_LISTING_FACTS } from './listingFields.js';
import { listingHeadTags, listingShareImage, listingStructuredData, listingSummary } from './listingMetadata.js';
import { injectPageHead } from './pageShell.js';

const item: ItemDetail = {
  id: 'i1',
  title: 'Oak </script><script>alert(1)</script> table',
  description: 'Seats six.',
  price: 120,
  tags: [],
  images: [],
  thumbs: [],
  owner: 'u1',
  state: 'active',
  ...NO_LISTING_FACTS,
  reserved: false,
  variants: [],
  sellerName: null,
  sellerSince: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('listing metadata', () => {
  it('leads the summary with the price and state, and cuts a long description at a word', () => {
    expect(listingSummary({ ...item, state: 'sold' })).toBe('$120.00 · Sold · Seats six.');
    const summary = listingSummary({ ...item, description: 'word '.repeat(100) });
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/ word…$/);
  });

  it('keeps a title from closing the script element the JSON-LD is written into', () => {
    const text = listingStructuredData(item, 'https://flipstage.example/marketplace/i1', []);
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe(item.title);
    expect(JSON.parse(text)).not.toHaveProperty('image');
    expect(JSON.parse(text).offers).not.toHaveProperty('seller');
  });

  it('names the schema.org condition of a listing that has one', () => {
    expect(
      JSON.parse(listingStructuredData({ ...item, condition: 'for-parts' }, 'https://x.example/', [])).offers
        .itemCondition,
    ).toBe('https://schema.org/DamagedCondition');
    expect(JSON.parse(listingStructuredData(item, 'https://x.example/', [])).offers).not.toHaveProperty(
      'itemCondition',
    );
  });

  it('shares the narrowest variant at least 1200 wide, else the photo itself', () => {
    const photo = { ...item, images: ['/blobs/a.jpg'] };
    const absolute = (url: string) => new URL(url, 'https://x.example').href;
    expect(listingShareImage(photo, absolute)).toEqual({ url: 'https://x.example/blobs/a.jpg', size: null });
    const sources = [640, 1600, 1200].map((width) => ({ width, url: `/blobs/a-${width}.jpg` }));
    expect(listingShareImage({ ...photo, variants: [{ width: 2000, height: 1500, sources }] }, absolute)).toEqual({
      url: 'https://x.example/blobs/a-1200.jpg',
      size: { width: 1200, height: 900 },
    });
  });

  it('escapes the head tags it writes', () => {
    const head = listingHeadTags({ ...item, description: 'A "quoted" & <b>bold</b> top' }, 'https://x.example');
    expect(head).toContain(
      '<title data-static-meta>Oak &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; table | FlipStage</title>',
    );
    expect(head).toContain('content="$120.00 · A &#34;quoted&#34; &#38; &#60;b&#62;bold&#60;/b&#62; top"');
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('page shell', () => {
  const shell = [
    '<html>',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <title data-static-meta>Site</title>',
    '    <meta data-static-meta name="description" content="Site" />',
    '  </head>',
    '  <body></body>',
    '</html>',
  ].join('\n');

  it("replaces the static meta tags with the page's own, keeping the rest of the head", () => {
    const page = injectPageHead(shell, '<title data-static-meta>Page</title>');
    expect(page).toContain('<meta charset="UTF-8" />');
    expect(page).not.toContain('>Site<');
    expect(page).not.toContain('content="Site"');
    expect(page).toMatch(/<title data-static-meta>Page<\/title>\s*<\/head>/);
  });
});
