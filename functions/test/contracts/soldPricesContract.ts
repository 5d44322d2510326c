/**
 * The Store contract's sold prices (issue 42's price suggestion): what sold listings of a type, and
 * of its style and condition when asked, sold for, the most recently sold first; never an active
 * or hidden listing's price, never another type's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FurnitureTypeId } from '@flipstage/core';
import type { ItemDoc, Store } from '../../src/ports/store.js';
import { makeItemDoc } from './storeContract.js';

export function describeSoldPricesContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract, sold prices: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(() => store.close());

    // Each test its own type, so the tests never read each other's sales.
    const sale = (furnitureType: FurnitureTypeId, price: number, overrides: Partial<ItemDoc> = {}) =>
      store.createItem(makeItemDoc({ owner: 'seller', furnitureType, price, state: 'sold', ...overrides }));

    it('gives the sold prices of the type, the most recently sold first, at most the limit', async () => {
      for (const [price, day] of [
        [100, 1],
        [300, 3],
        [200, 2],
      ] as const)
        await sale('dresser', price, { updated_at: `2026-11-0${day}T10:00:00.000Z` });
      expect(await store.soldPrices({ furnitureType: 'dresser' }, 2)).toEqual([300, 200]);
    });

    it('never counts an active, a hidden or another type’s listing', async () => {
      await sale('bookcase', 80);
      await sale('bookcase', 999, { state: 'active' });
      await sale('bookcase', 998, { hidden: true });
      await sale('desk', 997);
      expect(await store.soldPrices({ furnitureType: 'bookcase' }, 10)).toEqual([80]);
    });

    it('narrows to the style, and to the style and the condition', async () => {
      await sale('chair', 40, { style: 'modern', condition: 'good' });
      await sale('chair', 50, { style: 'modern', condition: 'fair' });
      await sale('chair', 60, { style: 'farmhouse', condition: 'good' });
      const sorted = async (query: Parameters<Store['soldPrices']>[0]) =>
        (await store.soldPrices(query, 10)).sort((a, b) => a - b);
      expect(await sorted({ furnitureType: 'chair', style: 'modern' })).toEqual([40, 50]);
      expect(await sorted({ furnitureType: 'chair', style: 'modern', condition: 'good' })).toEqual([40]);
    });
  });
}
