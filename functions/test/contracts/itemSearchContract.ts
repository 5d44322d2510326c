/**
 * The Store contract's listing search (issue 25): words, prefixes, facets, price, the three
 * orders, cursors, and who sees what. Items carry real keywords from core's itemTerms, and each
 * test searches a word of its own, so one store serves the whole suite.
 */
import { describe, expect, it } from 'vitest';
import { itemTerms, searchTerms, type ItemPosition, type ItemSearchQuery, type SearchTermInput, type Facets } from '@flipstage/core';
import type { ItemDoc, Store } from '../../src/ports/store.js';
import { uniq } from './contractData.js';
import { makeItemDoc } from './storeContract.js';

export function describeItemSearch(store: () => Store, newAccount: () => Promise<string>): void {
  describe('listing search', () => {
    const at = (i: number) => new Date(Date.parse('2026-02-01T00:00:00Z') + i * 1000).toISOString();
    /** A word no other test uses, so a search sees only this test's items. */
    const marker = () => `zq${uniq().replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 12)}`;

    async function listing(owner: string, fields: Partial<ItemDoc> & { title: string }, i = 0): Promise<ItemDoc> {
      const doc = makeItemDoc({ owner, description: '', tags: [], created_at: at(i), ...fields });
      return store().createItem({ ...doc, keywords: itemTerms(doc) });
    }

    function search(
      input: SearchTermInput & Facets,
      options: Partial<Omit<ItemSearchQuery, 'terms'>> = {},
    ): Promise<{ data: ItemDoc[]; next: ItemPosition | null }> {
      return store().searchItems({
        terms: searchTerms(input),
        minPrice: null,
        maxPrice: null,
        sort: 'newest',
        viewer: null,
        after: null,
        limit: 24,
        ...options,
      });
    }
    const ids = (page: { data: ItemDoc[] }) => page.data.map((i) => i.id);

    it('finds plurals and inflections by their stem, in either direction', async () => {
      const owner = await newAccount();
      const m = marker();
      const dresser = await listing(owner, { title: `${m} Dresser` });
      const benches = await listing(owner, { title: `${m} Garden benches` }, 1);
      expect(ids(await search({ search: `dressers ${m}` }))).toEqual([dresser.id]);
      expect(ids(await search({ search: `${m} bench` }))).toEqual([benches.id]);
    });

    it('matches the last word as the start of a title word while it is typed', async () => {
      const owner = await newAccount();
      const m = marker();
      const walnut = await listing(owner, { title: `${m} Walnut sideboard` });
      await listing(owner, { title: `${m} Oak sideboard` }, 1);
      expect(ids(await search({ search: `${m} wal` }))).toEqual([walnut.id]);
    });

    it('needs every earlier word whole, so a prefix in the middle matches nothing', async () => {
      const owner = await newAccount();
      const m = marker();
      await listing(owner, { title: `${m} Walnut sideboard` });
      expect(ids(await search({ search: `wal ${m}` }))).toEqual([]);
    });

    it('filters by style, type and condition together', async () => {
      const owner = await newAccount();
      const m = marker();
      const match = await listing(owner, { title: m, style: 'bohemian', furnitureType: 'chair', condition: 'good' });
      await listing(owner, { title: m, style: 'bohemian', furnitureType: 'chair', condition: 'fair' }, 1);
      await listing(owner, { title: m, style: 'modern', furnitureType: 'chair', condition: 'good' }, 2);
      expect(ids(await search({ search: m, style: 'bohemian', type: 'chair', condition: 'good' }))).toEqual([match.id]);
      expect(await search({ search: m, type: 'chair' }).then((p) => p.data.length)).toBe(3);
    });

    it('filters by a tag and by a word of the pickup area, whatever their case and accents', async () => {
      const owner = await newAccount();
      const m = marker();
      const lyon = await listing(owner, { title: m, tags: ['Mid Century'], pickupArea: 'Lyon 69003' });
      await listing(owner, { title: m, tags: ['rustic'], pickupArea: 'Orléans' }, 1);
      expect(ids(await search({ search: m, tag: 'mid-century' }))).toEqual([lyon.id]);
      expect(ids(await search({ search: m, area: 'LYON' }))).toEqual([lyon.id]);
      expect(ids(await search({ search: m, area: 'orleans' }))).not.toContain(lyon.id);
    });

    it('keeps prices inside the range, bounds included', async () => {
      const owner = await newAccount();
      const m = marker();
      const cheap = await listing(owner, { title: m, price: 50 });
      const mid = await listing(owner, { title: m, price: 100 }, 1);
      await listing(owner, { title: m, price: 150 }, 2);
      const page = await search({ search: m }, { minPrice: 50, maxPrice: 100 });
      expect(ids(page)).toEqual([mid.id, cheap.id]);
    });

    it('sorts newest first, by price up and by price down', async () => {
      const owner = await newAccount();
      const m = marker();
      const a = await listing(owner, { title: m, price: 30 }, 1);
      const b = await listing(owner, { title: m, price: 10 }, 2);
      const c = await listing(owner, { title: m, price: 20 }, 3);
      expect(ids(await search({ search: m }))).toEqual([c.id, b.id, a.id]);
      expect(ids(await search({ search: m }, { sort: 'price-asc' }))).toEqual([b.id, c.id, a.id]);
      expect(ids(await search({ search: m }, { sort: 'price-desc' }))).toEqual([a.id, c.id, b.id]);
    });

    it('pages through each order without gaps or repeats, also across equal prices and dates', async () => {
      const owner = await newAccount();
      const m = marker();
      const made: string[] = [];
      for (let i = 0; i < 7; i++) made.push((await listing(owner, { title: m, price: i % 2 === 0 ? 10 : 20 }, i % 3)).id);
      for (const sort of ['newest', 'price-asc', 'price-desc'] as const) {
        const seen: string[] = [];
        let after: ItemPosition | null = null;
        for (let page = 0; page < 6; page++) {
          const result: { data: ItemDoc[]; next: ItemPosition | null } = await search({ search: m }, { sort, after, limit: 3 });
          seen.push(...ids(result));
          after = result.next;
          if (!after) break;
        }
        expect(seen.sort()).toEqual([...made].sort());
      }
    });

    it('lists sold items only to their owner, and hidden items to nobody', async () => {
      const owner = await newAccount();
      const m = marker();
      const sold = await listing(owner, { title: m, state: 'sold' });
      const active = await listing(owner, { title: m }, 1);
      await listing(owner, { title: m, hidden: true }, 2);
      expect(ids(await search({ search: m }))).toEqual([active.id]);
      expect(ids(await search({ search: m }, { viewer: 'someone-else' }))).toEqual([active.id]);
      expect(ids(await search({ search: m }, { viewer: owner }))).toEqual([active.id, sold.id]);
    });

    it('lists reserved items, which stay active', async () => {
      const owner = await newAccount();
      const m = marker();
      const reserved = await listing(owner, { title: m, reserved: true });
      expect((await search({ search: m })).data.map((i) => [i.id, i.reserved])).toEqual([[reserved.id, true]]);
    });
  });
}
