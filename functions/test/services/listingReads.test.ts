/**
 * services/listingReads.ts over the real PGlite store: a crowd asking one page costs one query per
 * change, and a store that cannot tell changes (Firestore) is asked every time.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsQuerySchema, itemTerms } from '@flipstage/core';
import { makeItemDoc } from '../contracts/storeContract.js';
import { openTestDatabase } from '../helpers/testDatabase.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import type { ItemDoc, Store } from '../../src/ports/store.js';
import { current, listingReads } from '../../src/services/listingReads.js';

let db: PGlite;
let store: Store;
beforeAll(async () => {
  db = await openTestDatabase();
  store = createPgliteStore(db);
});
afterAll(() => db.close());

function listing(title: string, id?: string): ItemDoc {
  const keywords = itemTerms({ title, description: 'Solid wood.', tags: [] });
  return makeItemDoc({ owner: 'seller-1', title, description: 'Solid wood.', tags: [], keywords, ...(id ? { id } : {}) });
}

/** The store with its searches and listing reads counted, and its version as the test says. */
function counted(version: (id?: string) => string | null): Store & { searches: number; gets: number } {
  const wrapped = Object.create(store) as Store & { searches: number; gets: number };
  wrapped.searches = 0;
  wrapped.gets = 0;
  wrapped.searchItems = (query) => {
    wrapped.searches += 1;
    return store.searchItems(query);
  };
  wrapped.getItem = (id) => {
    wrapped.gets += 1;
    return store.getItem(id);
  };
  wrapped.listingsVersion = version;
  return wrapped;
}

/** As the route hands it over: checked by core's schema, which fills what the address left out. */
const firstPage = { ...itemsQuerySchema.parse({}), viewer: null };

describe('listing reads', () => {
  it('asks the store once for many readers of the same page', async () => {
    const counting = counted(() => store.listingsVersion());
    const reads = listingReads({ store: counting });
    const answers = await Promise.all(Array.from({ length: 20 }, () => reads.page(firstPage)));
    expect(counting.searches).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
  });

  it('asks again once a listing is written, and answers what was written', async () => {
    const counting = counted(() => store.listingsVersion());
    const reads = listingReads({ store: counting });
    await reads.page({ ...itemsQuerySchema.parse({ search: 'walnut' }), viewer: null });
    await store.createItem(listing('Walnut bench'));
    const after = await reads.page({ ...itemsQuerySchema.parse({ search: 'walnut' }), viewer: null });
    expect(counting.searches).toBe(2);
    expect(JSON.parse(after.body.toString()).data.map((i: { title: string }) => i.title)).toContain('Walnut bench');
  });

  it("keeps a listing's page while other listings are written", async () => {
    const counting = counted((id) => store.listingsVersion(id));
    const reads = listingReads({ store: counting });
    const { id } = await store.createItem(listing('Elm stool'));
    await reads.detail(id, null);
    await store.createItem(listing('Yew chair'));
    const again = await reads.detail(id, null);
    expect(counting.gets).toBe(1);
    expect(current(counting, again)).toBe(true);
  });

  it("asks again for a listing's page once that listing is written", async () => {
    const counting = counted((id) => store.listingsVersion(id));
    const reads = listingReads({ store: counting });
    const { id } = await store.createItem(listing('Beech crib'));
    const before = await reads.detail(id, null);
    await store.decideListing(id, { status: 'removed', reason: 'Spam', by: 'mod', at: new Date().toISOString() });
    expect(current(counting, before)).toBe(false);
    await expect(reads.detail(id, null)).rejects.toThrow();
    expect(counting.gets).toBe(2);
  });

  it('says a read is current until a listing is written', async () => {
    const reads = listingReads({ store });
    const read = await reads.page(firstPage);
    expect(current(store, read)).toBe(true);
    await store.createItem(listing('Oak settle'));
    expect(current(store, read)).toBe(false);
  });

  it('never calls a read current when the store cannot tell changes', async () => {
    const cannotTell = counted(() => null);
    const reads = listingReads({ store: cannotTell });
    expect(current(cannotTell, await reads.page(firstPage))).toBe(false);
  });

  it('asks the store every time when it cannot tell changes', async () => {
    const counting = counted(() => null);
    const reads = listingReads({ store: counting });
    const [a, b] = [await reads.page(firstPage), await reads.page(firstPage)];
    expect(counting.searches).toBe(2);
    expect(a.etag).toBe(b.etag);
  });

  it('keeps no failed read: the next asks again', async () => {
    const reads = listingReads({ store });
    await expect(reads.detail('no-such-listing', null)).rejects.toThrow();
    await store.createItem(listing('Pine chest', 'no-such-listing'));
    expect(JSON.parse((await reads.detail('no-such-listing', null)).body.toString()).title).toBe('Pine chest');
  });
});
