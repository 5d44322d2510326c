/**
 * ItemStore.listingsVersion on PGlite (issue 26): the token services/listingReads.ts keeps reads by.
 * The whole list's changes with every listing written; a listing's own only with its own writes.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItemDoc } from '../../contracts/storeContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';
import type { Store } from '../../../src/ports/store.js';
import { MODERATION_RULES } from '../../../src/services/moderationRules.js';

let db: PGlite;
let store: Store;
beforeAll(async () => {
  db = await openTestDatabase();
  store = createPgliteStore(db);
});
afterAll(() => db.close());

const post = () => store.createItem(makeItemDoc({ owner: 'seller-v' }));

describe('PGlite listings version', () => {
  it('changes the whole list with every listing written', async () => {
    const before = store.listingsVersion();
    await post();
    expect(store.listingsVersion()).not.toBe(before);
  });

  it("changes a listing's own version with its own write, and not with another's", async () => {
    const mine = await post();
    const mineBefore = store.listingsVersion(mine.id);
    const other = await post();
    expect(store.listingsVersion(mine.id)).toBe(mineBefore);
    await store.setListingStatus(mine.id, 'seller-v', { state: 'active', reserved: true });
    expect(store.listingsVersion(mine.id)).not.toBe(mineBefore);
    const otherBefore = store.listingsVersion(other.id);
    await store.deleteItem(mine.id, 'seller-v');
    expect(store.listingsVersion(other.id)).toBe(otherBefore);
  });

  it('changes a listing’s version when a report or a moderator hides or shows it', async () => {
    const listing = await post();
    const before = store.listingsVersion(listing.id);
    const at = new Date().toISOString();
    const report = { id: 'r1', reporter: 'r1', conversationId: null, messageId: null, reason: 'Spam', counts: true };
    await store.addReport({ ...report, itemId: listing.id, created_at: at, reviewedAt: null }, MODERATION_RULES);
    const reported = store.listingsVersion(listing.id);
    expect(reported).not.toBe(before);
    await store.decideListing(listing.id, { status: 'removed', reason: 'Spam', by: 'mod', at });
    expect(store.listingsVersion(listing.id)).not.toBe(reported);
  });

  it('changes a listing’s version even when its write fails', async () => {
    const listing = await post();
    const before = store.listingsVersion(listing.id);
    await expect(store.deleteItem(listing.id, 'someone-else')).rejects.toThrow();
    expect(store.listingsVersion(listing.id)).not.toBe(before);
  });
});
