/**
 * The marketplace-posts part of the Store contract (issue 41), run against every adapter: one post
 * per listing and site, replaced when recorded again; a post's state changed with its address kept;
 * the listing's posts in the sites' order; posts only beneath a listing that exists, gone with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemNotFound, PostNotFound, type MarketplacePostDoc, type Store } from '../../src/ports/store.js';
import { uniq } from './contractData.js';
import { makeItemDoc } from './storeContract.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute)).toISOString();

export function describeMarketplacePostsContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract, marketplace posts: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store.close();
    });

    async function aListing() {
      const owner = `s_${uniq()}`;
      return store.createItem(makeItemDoc({ owner }));
    }

    function aPost(itemId: string, owner: string, overrides: Partial<MarketplacePostDoc> = {}): MarketplacePostDoc {
      return {
        itemId,
        owner,
        site: 'craigslist',
        state: 'posted',
        url: 'https://sfbay.craigslist.org/sfc/fuo/d/oak-dresser/7712345678.html',
        updated_at: at(0),
        ...overrides,
      };
    }

    it('records a post and lists it with the listing', async () => {
      const item = await aListing();
      const post = aPost(item.id, item.owner);
      expect(await store.recordPost(post)).toEqual(post);
      expect(await store.listPosts(item.id)).toEqual([post]);
    });

    it('keeps one post per listing and site: recording it again replaces it', async () => {
      const item = await aListing();
      await store.recordPost(aPost(item.id, item.owner, { state: 'taken-down' }));
      const again = aPost(item.id, item.owner, {
        url: 'https://sfbay.craigslist.org/sfc/fuo/d/oak/7799999999.html',
        updated_at: at(5),
      });
      await store.recordPost(again);
      expect(await store.listPosts(item.id)).toEqual([again]);
    });

    it('lists a listing’s posts in the order of the sites, and no other listing’s', async () => {
      const item = await aListing();
      const other = await aListing();
      await store.recordPost(
        aPost(other.id, other.owner, { site: 'facebook', url: 'https://www.facebook.com/marketplace/item/1/' }),
      );
      await store.recordPost(aPost(item.id, item.owner, { site: 'etsy', url: 'https://www.etsy.com/listing/1' }));
      await store.recordPost(aPost(item.id, item.owner, { site: 'ebay', url: 'https://www.ebay.com/itm/1' }));
      await store.recordPost(
        aPost(item.id, item.owner, { site: 'facebook', url: 'https://www.facebook.com/marketplace/item/2/' }),
      );
      expect((await store.listPosts(item.id)).map((post) => post.site)).toEqual(['ebay', 'facebook', 'etsy']);
    });

    it('changes a post’s state and time, keeping its address', async () => {
      const item = await aListing();
      const post = aPost(item.id, item.owner);
      await store.recordPost(post);
      const changed = await store.setPostState(item.id, 'craigslist', 'taken-down', at(9));
      expect(changed).toEqual({ ...post, state: 'taken-down', updated_at: at(9) });
      expect(await store.listPosts(item.id)).toEqual([changed]);
    });

    it('refuses to change the state of a post never recorded', async () => {
      const item = await aListing();
      await expect(store.setPostState(item.id, 'offerup', 'sold', at(1))).rejects.toBeInstanceOf(PostNotFound);
    });

    it('refuses a post of a listing that does not exist', async () => {
      await expect(store.recordPost(aPost(`missing_${uniq()}`, 'nobody'))).rejects.toBeInstanceOf(ItemNotFound);
    });

    it('deletes a listing’s posts with the listing', async () => {
      const item = await aListing();
      await store.recordPost(aPost(item.id, item.owner));
      await store.deleteItem(item.id, item.owner);
      expect(await store.listPosts(item.id)).toEqual([]);
    });
  });
}
