/**
 * A listing's sale in the seller's books (issue 42): marking the listing sold moves the pieces
 * linked to it to sold, with the listing's price in cents, the channel and today; an eBay sale is
 * booked as eBay's; a piece already sold keeps its own sale.
 */
import { describe, expect, it } from 'vitest';
import { useConversationParties } from '../helpers/conversationParties.js';
import { aPiece } from '../contracts/pieceStoreContract.js';
import { dayOf, sellingPieces } from '../../src/services/books.js';

const p = useConversationParties();
const now = () => new Date().toISOString();

describe('a listing sold from its conversation', () => {
  it('moves the pieces linked to it to sold at the listing’s price, on FlipStage, today', async () => {
    const item = await p.listing({ price: 180.5 });
    const piece = await p.t.pieces.createPiece(p.seller.uid, aPiece({ status: 'listed', listingId: item.id }), now());
    const conversation = await p.start(item.id);
    expect((await p.post('listing-status', p.seller, conversation.id, { status: 'sold' })).status).toBe(200);
    expect((await p.t.pieces.getPiece(p.seller.uid, piece.id))?.piece).toMatchObject({
      status: 'sold',
      saleCents: 18050,
      saleChannel: 'FlipStage',
      soldOn: dayOf(Date.now()),
    });
  });

  it('leaves a linked piece already sold with its own sale', async () => {
    const item = await p.listing({ price: 300 });
    const own = aPiece({ status: 'picked-up', listingId: item.id, saleCents: 25000, saleChannel: 'Cash', soldOn: '2026-10-20' });
    const piece = await p.t.pieces.createPiece(p.seller.uid, own, now());
    const conversation = await p.start(item.id);
    await p.post('listing-status', p.seller, conversation.id, { status: 'sold' });
    expect((await p.t.pieces.getPiece(p.seller.uid, piece.id))?.piece).toMatchObject(own);
  });

  it('reserves the listed pieces, without a sale, when the listing is reserved, and lists them again when let go', async () => {
    const item = await p.listing();
    const piece = await p.t.pieces.createPiece(p.seller.uid, aPiece({ status: 'listed', listingId: item.id }), now());
    const conversation = await p.start(item.id);
    expect((await p.post('listing-status', p.seller, conversation.id, { status: 'reserved' })).status).toBe(200);
    expect((await p.t.pieces.getPiece(p.seller.uid, piece.id))?.piece).toMatchObject({ status: 'reserved', saleCents: null });
    expect((await p.post('listing-status', p.seller, conversation.id, { status: 'available' })).status).toBe(200);
    expect((await p.t.pieces.getPiece(p.seller.uid, piece.id))?.piece.status).toBe('listed');
  });

  it('leaves a piece still in progress as it is when its listing is reserved', async () => {
    const item = await p.listing();
    const piece = await p.t.pieces.createPiece(p.seller.uid, aPiece({ status: 'in-progress', listingId: item.id }), now());
    const conversation = await p.start(item.id);
    await p.post('listing-status', p.seller, conversation.id, { status: 'reserved' });
    expect((await p.t.pieces.getPiece(p.seller.uid, piece.id))?.piece.status).toBe('in-progress');
  });
});

describe('a listing sold on eBay', () => {
  it('books the linked pieces as eBay’s sale', async () => {
    const item = await p.listing({ price: 95 });
    const piece = await p.t.pieces.createPiece(p.seller.uid, aPiece({ status: 'listed', listingId: item.id }), now());
    // The eBay sales check marks the listing sold through the Store it is given, wrapped so.
    const store = sellingPieces(p.t.store, p.t.pieces, 'eBay');
    await store.setListingStatus(item.id, p.seller.uid, { state: 'sold', reserved: false });
    expect((await p.t.pieces.getPiece(p.seller.uid, piece.id))?.piece).toMatchObject({
      status: 'sold',
      saleCents: 9500,
      saleChannel: 'eBay',
    });
  });
});
