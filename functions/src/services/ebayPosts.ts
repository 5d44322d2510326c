/**
 * A listing's eBay post: the sku that names its inventory item, the post as the API shows it, and
 * its line in the shared record of where the listing is posted.
 */
import type { EbayPost } from '@flipstage/core';
import type { EbayOfferRecord } from '../ports/ebay.js';
import type { EbayDeps } from './ebayAccess.js';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One eBay inventory item per listing, named after it, so a second publish replaces the first's. */
export const ebaySku = (itemId: string) => `flipstage-${itemId}`;

export const postOf = (record: EbayOfferRecord | null): EbayPost | null =>
  record && { listingId: record.listingId, url: record.url, state: record.state, updatedAt: record.updatedAt };

/**
 * The listing's eBay post in the shared record of where it is posted (ports/marketplacePosts.ts),
 * which the listing's panel and the sold checklist read. Best effort: the eBay offer record is
 * what the eBay services act on, and a deleted listing has no posts left to change.
 */
export async function noteEbayPost(deps: EbayDeps, offer: EbayOfferRecord, at: string): Promise<void> {
  const state = offer.state === 'live' ? 'posted' : offer.state === 'sold' ? 'sold' : 'taken-down';
  try {
    await deps.store.recordPost({
      itemId: offer.itemId,
      site: 'ebay',
      owner: offer.owner,
      state,
      url: offer.url,
      updated_at: at,
    });
  } catch (error) {
    deps.logger.write('INFO', 'the eBay post was not recorded on the listing', {
      itemId: offer.itemId,
      error: describe(error),
    });
  }
}
