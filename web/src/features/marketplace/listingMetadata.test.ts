import { describe, expect, it } from 'vitest';
import { NO_LISTING_FACTS, type ItemDetail } from '@flipstage/core';
import { listingStructuredData, listingSummary } from './listingMetadata';

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
});
