/**
 * Listing search on Firestore beyond the shared contract: one term runs in the query (here
 * 'walnut', which every item has) and the rest ('oak', which only one has) is checked in memory,
 * in batches sized by what was seen and within core's MAX_QUERIES_PER_PAGE.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ItemDoc, ItemQuery } from '../../../src/ports/store.js';
import { useFirestoreStore } from '../support/firestoreStoreSuite.js';
import { anItem } from '../support/factories.js';

const PROJECT_ID = 'demo-flipstage-item-search';
const t = useFirestoreStore(PROJECT_ID);

/** Items, newest first, each created one second before the previous. */
async function seedItems(count: number, make: (index: number) => Partial<ItemDoc>): Promise<ItemDoc[]> {
  const start = Date.parse('2026-06-01T00:00:00Z');
  const items = Array.from({ length: count }, (_, i) =>
    anItem('seller', { created_at: new Date(start - i * 1000).toISOString(), ...make(i) }),
  );
  for (let i = 0; i < items.length; i += 400) {
    const batch = t.db.batch();
    for (const item of items.slice(i, i + 400)) batch.set(t.db.collection('items').doc(item.id), item);
    await batch.commit();
  }
  return items;
}

const query = (q: Partial<ItemQuery>): ItemQuery => ({
  terms: { all: ['walnut', 'oak'], last: null },
  minPrice: null,
  maxPrice: null,
  sort: 'newest',
  viewer: null,
  after: null,
  limit: 12,
  ...q,
});

describe('Firestore listing search', () => {
  it('finds a match that lies beyond the first batches of the query', async () => {
    const items = await seedItems(120, (i) => ({ keywords: i === 119 ? ['walnut', 'oak'] : ['walnut'] }));
    const page = await t.store.searchItems(query({}));
    expect(page.data.map((i) => i.id)).toEqual([items[119]!.id]);
    expect(page.next).toBeNull();
  });

  it('returns a short page with a cursor when its three queries are spent, and the cursor finds the rest', async () => {
    const items = await seedItems(1600, (i) => ({ keywords: i === 1599 ? ['walnut', 'oak'] : ['walnut'] }));
    const first = await t.store.searchItems(query({}));
    expect(first.data).toEqual([]);
    expect(first.next).not.toBeNull();
    const second = await t.store.searchItems(query({ after: first.next }));
    expect(second.data.map((i) => i.id)).toEqual([items[1599]!.id]);
  });

  it('shows a signed-in viewer their own sold item among other sellers’ active ones', async () => {
    const viewer = `u${randomUUID().slice(0, 8)}`;
    const items = await seedItems(30, (i) => ({
      owner: i === 20 ? viewer : `seller${i}`,
      state: i % 2 === 0 ? 'sold' : 'active',
    }));
    const page = await t.store.searchItems(query({ terms: { all: [], last: null }, viewer, limit: 50 }));
    const expected = items.filter((item, i) => item.state === 'active' || i === 20).map((item) => item.id);
    expect(page.data.map((i) => i.id)).toEqual(expected);
  });
});
