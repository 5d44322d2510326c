/**
 * The Store contract's listing lifecycle (issue 25): an idempotent create's "already exists", a
 * seller's listings by owner, deletion, and when an account was made. Called from the Store
 * contract, so it runs against every adapter.
 */
import { describe, expect, it } from 'vitest';
import { ItemAlreadyExists, ItemNotFound, NotItemOwner, type PageAfter, type Store } from '../../src/ports/store.js';
import { makeItemDoc } from './storeContract.js';

export function describeListingLifecycle(store: () => Store, newAccount: () => Promise<string>): void {
  describe('listing lifecycle', () => {
    const at = (i: number) => new Date(Date.parse('2026-04-01T00:00:00Z') + i * 1000).toISOString();

    it('reports a create of an id already stored as ItemAlreadyExists and keeps the stored item', async () => {
      const owner = await newAccount();
      const first = await store().createItem(makeItemDoc({ owner, title: 'First' }));
      await expect(store().createItem({ ...first, title: 'Second' })).rejects.toBeInstanceOf(ItemAlreadyExists);
      expect((await store().getItem(first.id))?.title).toBe('First');
    });

    it('deletes an item for its owner and returns what was deleted', async () => {
      const owner = await newAccount();
      const item = await store().createItem(makeItemDoc({ owner, images: ['https://b/1.jpg'] }));
      expect(await store().deleteItem(item.id, owner)).toEqual(item);
      expect(await store().getItem(item.id)).toBeNull();
    });

    it('refuses a delete by another user or of a missing item', async () => {
      const owner = await newAccount();
      const item = await store().createItem(makeItemDoc({ owner }));
      await expect(store().deleteItem(item.id, 'someone-else')).rejects.toBeInstanceOf(NotItemOwner);
      await expect(store().deleteItem(`${item.id}x`, owner)).rejects.toBeInstanceOf(ItemNotFound);
      expect(await store().getItem(item.id)).toEqual(item);
    });

    it("lists a seller's active, unhidden items newest first, and every one of them with includeUnlisted", async () => {
      const owner = await newAccount();
      const other = await newAccount();
      const old = await store().createItem(makeItemDoc({ owner, created_at: at(1) }));
      const sold = await store().createItem(makeItemDoc({ owner, state: 'sold', created_at: at(2) }));
      const hidden = await store().createItem(makeItemDoc({ owner, hidden: true, created_at: at(3) }));
      const reserved = await store().createItem(makeItemDoc({ owner, reserved: true, created_at: at(4) }));
      await store().createItem(makeItemDoc({ owner: other, created_at: at(5) }));
      const ids = async (includeUnlisted: boolean) =>
        (await store().listItemsByOwner(owner, { includeUnlisted, after: null, limit: 12 })).data.map((i) => i.id);
      expect(await ids(false)).toEqual([reserved.id, old.id]);
      expect(await ids(true)).toEqual([reserved.id, hidden.id, sold.id, old.id]);
    });

    it("pages a seller's items with a cursor, without gaps or repeats", async () => {
      const owner = await newAccount();
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.unshift((await store().createItem(makeItemDoc({ owner, created_at: at(i) }))).id);
      const seen: string[] = [];
      let after: PageAfter | null = null;
      do {
        const page = await store().listItemsByOwner(owner, { includeUnlisted: false, after, limit: 2 });
        seen.push(...page.data.map((i) => i.id));
        after = page.next;
      } while (after && seen.length < 10);
      expect(seen).toEqual(made);
    });

    it('records when an account was made and reads it back', async () => {
      const before = Date.now();
      const uid = await newAccount();
      const createdAt = (await store().getAccount(uid))?.createdAt;
      expect(createdAt).toEqual(expect.any(String));
      expect(Date.parse(createdAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(createdAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    });
  });
}
