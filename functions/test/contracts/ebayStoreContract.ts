/**
 * The EbayStore contract (issue 41), run against every adapter: a seller's connection saved,
 * replaced with its choices kept, deleted by seller or by eBay user; offers saved, found by item,
 * by sku and by being live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EbayConnectionRecord, EbayOfferRecord, EbayStore } from '../../src/ports/ebay.js';
import { uniq } from './contractData.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute)).toISOString();

const CHOICES = {
  categoryId: '38204',
  conditionId: '3000',
  fulfillmentPolicyId: 'f1',
  paymentPolicyId: 'p1',
  returnPolicyId: 'r1',
  merchantLocationKey: 'home',
  aspects: { Type: ['Desk'] },
};

function aConnection(overrides: Partial<EbayConnectionRecord> = {}): Omit<EbayConnectionRecord, 'choices'> {
  return {
    uid: `u_${uniq()}`,
    ebayUserId: `e_${uniq()}`,
    ebayUsername: 'seller_one',
    refreshTokenSealed: 'v1.sealed',
    refreshExpiresAt: at(50),
    connectedAt: at(1),
    ordersCheckedAt: at(1),
    ...overrides,
  };
}

function anOffer(owner: string, overrides: Partial<EbayOfferRecord> = {}): EbayOfferRecord {
  const itemId = `i_${uniq()}`;
  return {
    itemId,
    owner,
    sku: `flipstage-${itemId}`,
    offerId: `o_${uniq()}`,
    listingId: '110000000001',
    url: 'https://www.ebay.com/itm/110000000001',
    state: 'live',
    updatedAt: at(2),
    ...overrides,
  };
}

export function describeEbayStoreContract(
  name: string,
  make: () => Promise<{ store: EbayStore; close(): Promise<void> }>,
): void {
  describe(`EbayStore contract: ${name}`, () => {
    let store: EbayStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await make());
    });
    afterAll(() => close());

    it('reads back a saved connection, with no choices yet', async () => {
      const connection = aConnection();
      await store.saveConnection(connection);
      expect(await store.getConnection(connection.uid)).toEqual({ ...connection, choices: null });
    });

    it('keeps the choices when the seller connects again', async () => {
      const connection = aConnection();
      await store.saveConnection(connection);
      await store.saveChoices(connection.uid, CHOICES);
      await store.saveConnection({ ...connection, refreshTokenSealed: 'v1.other', connectedAt: at(9) });
      expect(await store.getConnection(connection.uid)).toMatchObject({
        refreshTokenSealed: 'v1.other',
        choices: CHOICES,
      });
    });

    it('records when orders were last checked', async () => {
      const connection = aConnection();
      await store.saveConnection(connection);
      await store.setOrdersCheckedAt(connection.uid, at(30));
      expect((await store.getConnection(connection.uid))?.ordersCheckedAt).toBe(at(30));
      expect((await store.listConnections()).map((c) => c.uid)).toContain(connection.uid);
    });

    it('deletes one seller’s connection', async () => {
      const connection = aConnection();
      await store.saveConnection(connection);
      await store.deleteConnection(connection.uid);
      expect(await store.getConnection(connection.uid)).toBeNull();
    });

    it('deletes every connection to an eBay user and says whose they were', async () => {
      const ebayUserId = `e_${uniq()}`;
      const first = aConnection({ ebayUserId });
      const second = aConnection({ ebayUserId });
      const unrelated = aConnection();
      for (const c of [first, second, unrelated]) await store.saveConnection(c);
      expect((await store.deleteConnectionsOfEbayUser(ebayUserId)).sort()).toEqual([first.uid, second.uid].sort());
      expect(await store.getConnection(first.uid)).toBeNull();
      expect(await store.getConnection(unrelated.uid)).not.toBeNull();
    });

    it('finds an offer by its listing, by the seller’s sku, and among the seller’s live ones', async () => {
      const owner = `u_${uniq()}`;
      const live = anOffer(owner);
      const withdrawn = anOffer(owner, { state: 'withdrawn' });
      await store.saveOffer(live);
      await store.saveOffer(withdrawn);
      expect(await store.getOffer(live.itemId)).toEqual(live);
      expect(await store.findOfferBySku(owner, withdrawn.sku)).toEqual(withdrawn);
      expect(await store.findOfferBySku(`u_${uniq()}`, live.sku)).toBeNull();
      expect(await store.liveOffers(owner)).toEqual([live]);
    });

    it('replaces an offer saved again', async () => {
      const offer = anOffer(`u_${uniq()}`);
      await store.saveOffer(offer);
      await store.saveOffer({ ...offer, state: 'sold', updatedAt: at(40) });
      expect(await store.getOffer(offer.itemId)).toEqual({ ...offer, state: 'sold', updatedAt: at(40) });
    });
  });
}
