/**
 * The Store contract (DESIGN §7): written once, run against every adapter. Each test works on
 * its own random accounts, items and tokens, so one store instance serves the whole suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemNotFound, NotItemOwner, type ItemDoc, type Store } from '../../src/ports/store.js';
import { NO_LISTING_FACTS } from '@flipstage/core';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { profile, uniq } from './contractData.js';
import { describeAccounts } from './accountContract.js';
import { describeStageBookkeeping } from './stageBookkeepingContract.js';
import { describeStripeEvents } from './stripeEventContract.js';
import { describeListingLifecycle } from './listingLifecycleContract.js';
import { describeItemSearch } from './itemSearchContract.js';
import { describeImageEdits } from './imageEditContract.js';

/** The facts an item patch carries unchanged, where a test is about other fields. */
const UNCHANGED_FACTS = { ...NO_LISTING_FACTS, sellerName: null, sellerSince: null };

export function makeItemDoc(overrides: Partial<ItemDoc> & { owner: string }): ItemDoc {
  const at = overrides.created_at ?? new Date().toISOString();
  return {
    id: uniq(),
    title: 'Oak dresser',
    description: 'Solid oak, six drawers',
    price: 120,
    tags: ['oak'],
    images: [],
    thumbs: [],
    state: 'active',
    aiStaged: false,
    keywords: ['oak', 'dresser'],
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    hidden: false,
    sellerName: null,
    sellerSince: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}


export function describeStoreContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store.close();
    });

    async function newAccount(credits = 10): Promise<string> {
      const uid = `u_${uniq()}`;
      await store.ensureAccount(uid, profile(`${uid}@example.com`), credits, CREDIT_RULES);
      return uid;
    }

    describeAccounts(() => store, newAccount);
    describeStageBookkeeping(() => store, newAccount);
    describeImageEdits(() => store, () => newAccount(10));

    describe('listings', () => {
      it('creates and reads an item', async () => {
        const owner = await newAccount();
        const item = makeItemDoc({ owner, images: ['https://b/1.jpg'], thumbs: ['https://b/1t.jpg'], aiStaged: true });
        expect(await store.createItem(item)).toEqual(item);
        expect(await store.getItem(item.id)).toEqual(item);
        expect(await store.getItem(uniq())).toBeNull();
      });

      it('updates an item for its owner, keeping images when the patch has none', async () => {
        const owner = await newAccount();
        const item = await store.createItem(
          makeItemDoc({ owner, images: ['https://b/1.jpg'], thumbs: ['https://b/t.jpg'] }),
        );
        const updated = await store.updateItem(item.id, owner, {
          ...UNCHANGED_FACTS,
          title: 'Walnut dresser',
          description: 'Refinished',
          price: 150,
          tags: ['walnut'],
          state: 'sold',
          keywords: ['walnut', 'dresser'],
          updated_at: new Date(Date.now() + 1000).toISOString(),
        });
        expect(updated).toMatchObject({
          title: 'Walnut dresser',
          price: 150,
          state: 'sold',
          images: item.images,
          created_at: item.created_at,
        });
        expect(await store.getItem(item.id)).toEqual(updated);
      });

      it('replaces images, thumbs and aiStaged together when the patch has them', async () => {
        const owner = await newAccount();
        const item = await store.createItem(
          makeItemDoc({ owner, images: ['https://b/1.jpg'], thumbs: ['https://b/t.jpg'] }),
        );
        const updated = await store.updateItem(item.id, owner, {
          ...UNCHANGED_FACTS,
          title: item.title,
          description: item.description,
          price: item.price,
          tags: item.tags,
          state: item.state,
          keywords: item.keywords,
          updated_at: item.updated_at,
          images: ['https://b/2.jpg', 'https://b/3.jpg'],
          thumbs: ['https://b/2t.jpg', 'https://b/3t.jpg'],
          aiStaged: true,
        });
        expect(updated).toMatchObject({
          images: ['https://b/2.jpg', 'https://b/3.jpg'],
          thumbs: ['https://b/2t.jpg', 'https://b/3t.jpg'],
          aiStaged: true,
        });
      });

      it('refuses an update by another user or of a missing item', async () => {
        const owner = await newAccount();
        const item = await store.createItem(makeItemDoc({ owner }));
        const patch = {
          ...UNCHANGED_FACTS,
          title: 'x',
          description: 'y',
          price: 1,
          tags: [],
          state: 'active' as const,
          keywords: [],
          updated_at: item.updated_at,
        };
        await expect(store.updateItem(item.id, 'someone-else', patch)).rejects.toBeInstanceOf(NotItemOwner);
        await expect(store.updateItem(uniq(), owner, patch)).rejects.toBeInstanceOf(ItemNotFound);
        expect((await store.getItem(item.id))?.title).toBe(item.title);
      });
    });

    describeListingLifecycle(() => store, () => newAccount());
    describeItemSearch(() => store, () => newAccount());
    describeStripeEvents(() => store, newAccount);
  });
}
