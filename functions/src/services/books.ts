/**
 * The rules of the seller's books that reach beyond one piece (issue 42): a piece links only to
 * the seller's own listing; a listing that sells moves the pieces linked to it to sold, with the
 * listing's price, the channel it sold on and the day, and one reserved or let go moves its listed
 * pieces to reserved and back; a deleted piece waits PIECE_RESTORE_DAYS to
 * be restored, then is purged.
 */
import { PIECE_RESTORE_DAYS, type PieceFields } from '@flipstage/core';
import type { PieceStore } from '../ports/pieces.js';
import type { ItemDoc, Store } from '../ports/store.js';
import { ServiceError } from './errors.js';
import { wrapStore } from './storeDecorator.js';

const DAY_MS = 86_400_000;

export const BOOKS_MESSAGES = {
  notYourListing: 'Link the piece to one of your own listings.',
  noPiece: 'There is no such piece in your books.',
} as const;

/** Where a sale on FlipStage and on eBay is recorded as made. */
export type SaleChannel = 'FlipStage' | 'eBay';

/** The calendar day (UTC) of an instant, as the books keep days. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The pieces' listing must be one of the seller's own: another seller's sale is not theirs to book. */
export async function checkListingLink(
  store: Pick<Store, 'getItem'>,
  owner: string,
  fields: PieceFields,
): Promise<void> {
  if (fields.listingId === null) return;
  const item = await store.getItem(fields.listingId);
  if (!item || item.owner !== owner) throw new ServiceError('invalid', BOOKS_MESSAGES.notYourListing);
}

/** The seller's pieces linked to the listing move to sold: its price in cents, the channel, today. */
export async function sellLinkedPieces(
  pieces: PieceStore,
  item: Pick<ItemDoc, 'id' | 'owner' | 'price'>,
  channel: SaleChannel,
  now: number,
): Promise<number> {
  const at = new Date(now).toISOString();
  const sale = { saleCents: Math.round(item.price * 100), saleChannel: channel, soldOn: dayOf(now) };
  return pieces.sellListing(item.owner, item.id, sale, at);
}

/**
 * The Store with every write that can sell or reserve a listing (its status from a conversation
 * or the listing form, the listing's edit) followed by moving its pieces to sold or reserved: one
 * place, so no path that sells a listing can forget the books. The eBay sales check gets the Store wrapped with the
 * channel 'eBay'; the API's with 'FlipStage'.
 */
export function sellingPieces(
  store: Store,
  pieces: PieceStore,
  channel: SaleChannel = 'FlipStage',
  now: () => number = Date.now,
): Store {
  const afterWrite = async (before: ItemDoc | null, after: ItemDoc) => {
    if (after.state === 'sold' && before?.state !== 'sold') await sellLinkedPieces(pieces, after, channel, now());
    else if (after.state !== 'sold' && after.reserved !== (before?.reserved ?? false)) {
      await pieces.reserveListing(after.owner, after.id, after.reserved, new Date(now()).toISOString());
    }
    return after;
  };
  return wrapStore(store, {
    async setListingStatus(id, owner, status) {
      const before = await store.getItem(id);
      return afterWrite(before, await store.setListingStatus(id, owner, status));
    },
    async updateItem(id, owner, patch) {
      const before = await store.getItem(id);
      return afterWrite(before, await store.updateItem(id, owner, patch));
    },
  });
}

/** Pieces deleted more than PIECE_RESTORE_DAYS ago are gone for good, with their cost lines. */
export function purgeDeletedPieces(pieces: PieceStore, now: number): Promise<number> {
  return pieces.purgeDeleted(restorableSince(now));
}

/** Since when a deleted piece can still be restored. */
export const restorableSince = (now: number) => new Date(now - PIECE_RESTORE_DAYS * DAY_MS).toISOString();
