/**
 * One sold state on FlipStage and eBay (issue 41). A listing marked sold or reserved here, or
 * deleted, has its eBay offer withdrawn (the eBay listing ends; a withdrawn offer can be published
 * again). A piece sold on eBay is marked sold here by the sales check, which reads the seller's
 * eBay orders on a schedule, and the seller is told by email.
 */
import { escapeHtml } from '@flipstage/core';
import type { Store, ItemDoc, MailNotices } from '../ports/store.js';
import type { EbayOfferRecord } from '../ports/ebay.js';
import type { EbayAccess, EbayDeps } from './ebayAccess.js';
import { ebaySku, noteEbayPost } from './ebayPosts.js';
import { wrapStore } from './storeDecorator.js';

export interface SalesDeps extends EbayDeps {
  access: EbayAccess;
  mail: MailNotices;
}

/** Orders are read from a little before the last check, so one created as it ran is not missed. */
const ORDERS_OVERLAP_MS = 10 * 60_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Ends the listing's eBay listing if it has a live one; a failure is logged, never the seller's problem here. */
export async function withdrawFromEbay(deps: SalesDeps, itemId: string, now = Date.now): Promise<void> {
  const offer = await deps.ebay.records.getOffer(itemId);
  if (offer?.state !== 'live') return;
  try {
    await deps.access.asSeller(offer.owner, (token) => deps.ebay.api.withdrawOffer(token, offer.offerId));
    const withdrawn = { ...offer, state: 'withdrawn' as const, updatedAt: new Date(now()).toISOString() };
    await deps.ebay.records.saveOffer(withdrawn);
    await noteEbayPost(deps, withdrawn, withdrawn.updatedAt);
  } catch (error) {
    deps.logger.write('WARNING', 'an eBay offer could not be withdrawn; the sales check tries again', {
      itemId,
      error: describe(error),
    });
  }
}

const offMarket = (item: Pick<ItemDoc, 'state' | 'reserved'>) => item.state === 'sold' || item.reserved;

/**
 * The Store with every write that takes a listing off the market followed by withdrawing its
 * eBay offer: a status from a conversation, the listing form, or deleting it. One place, so no
 * path that sells a piece can forget eBay.
 */
export function withdrawingFromEbay(store: Store, deps: SalesDeps): Store {
  return wrapStore(store, {
    async setListingStatus(id, owner, status) {
      const item = await store.setListingStatus(id, owner, status);
      if (offMarket(item)) await withdrawFromEbay(deps, id);
      return item;
    },
    async updateItem(id, owner, patch) {
      const item = await store.updateItem(id, owner, patch);
      if (offMarket(item)) await withdrawFromEbay(deps, id);
      return item;
    },
    async deleteItem(id, owner) {
      const item = await store.deleteItem(id, owner);
      await withdrawFromEbay(deps, id);
      return item;
    },
  });
}

function soldNotice(to: string, site: string, item: Pick<ItemDoc, 'id' | 'title'>, offer: EbayOfferRecord) {
  const link = `${site.replace(/\/+$/, '')}/marketplace/${item.id}`;
  const lines = [
    `Your piece “${item.title}” sold on eBay, so FlipStage marked it sold.`,
    `Take it down from any other site you posted it on. eBay listing: ${offer.url}`,
  ];
  return {
    to,
    subject: `“${item.title}” sold on eBay`,
    text: `${lines.join('\n\n')}\n\nSee your listing: ${link}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">See your listing</a></p>`,
  };
}

/** One seller's eBay sales since the last check: each sold piece marked sold here, and the seller told. */
async function checkSeller(deps: SalesDeps, uid: string, checkedAt: string, now: number): Promise<number> {
  const since = new Date(Date.parse(checkedAt) - ORDERS_OVERLAP_MS).toISOString();
  const lines = await deps.access.asSeller(uid, (token) => deps.ebay.api.ordersSince(token, since));
  let sold = 0;
  for (const line of lines) {
    const offer = await deps.ebay.records.findOfferBySku(uid, line.sku);
    if (!offer || offer.state === 'sold' || line.sku !== ebaySku(offer.itemId)) continue;
    const soldOffer = { ...offer, state: 'sold' as const, updatedAt: new Date(now).toISOString() };
    await deps.ebay.records.saveOffer(soldOffer);
    await noteEbayPost(deps, soldOffer, soldOffer.updatedAt);
    const item = await deps.store.getItem(offer.itemId);
    if (!item || item.state === 'sold') continue;
    await deps.store.setListingStatus(item.id, uid, { state: 'sold', reserved: false });
    sold += 1;
    const to = (await deps.store.getAccount(uid))?.profile.email;
    if (to) await deps.mail.send(soldNotice(to, deps.siteOrigins[0] ?? '', item, offer)).catch(() => undefined);
  }
  // A withdrawal that failed when the piece went off the market here is tried again.
  for (const offer of await deps.ebay.records.liveOffers(uid)) {
    const item = await deps.store.getItem(offer.itemId);
    if (!item || offMarket(item)) await withdrawFromEbay(deps, offer.itemId, () => now);
  }
  await deps.ebay.records.setOrdersCheckedAt(uid, new Date(now).toISOString());
  return sold;
}

/** Every connected seller's eBay orders, on a schedule (the local host every minute, Firebase's scheduler). */
export async function checkEbaySales(deps: SalesDeps, now = Date.now()): Promise<{ sold: number }> {
  let sold = 0;
  for (const connection of await deps.ebay.records.listConnections()) {
    try {
      sold += await checkSeller(deps, connection.uid, connection.ordersCheckedAt, now);
    } catch (error) {
      deps.logger.write('WARNING', 'a seller’s eBay sales could not be checked', {
        uid: connection.uid,
        error: describe(error),
      });
    }
  }
  return { sold };
}
