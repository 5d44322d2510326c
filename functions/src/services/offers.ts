/**
 * Offers and the listing's status from a conversation (issue 25): the buyer offers a price; only
 * the seller answers a pending offer, and accepting reserves the listing for that buyer. The
 * seller can also mark the listing reserved (for this buyer), sold or available again; each change
 * is said in the conversation by a 'status' message.
 */
import { formatPrice, MESSAGES, type Conversation, type Message } from '@flipstage/core';
import { ItemNotFound, MessageNotFound, NotItemOwner, OfferNotPending, type ConversationRecord, type ItemDoc } from '../ports/store.js';
import { ServiceError } from './errors.js';
import {
  newMessage,
  participantsConversation,
  postMessage,
  requireSeller,
  viewOf,
  type ConversationDeps,
} from './conversations.js';

export type ListingStatusChange = 'reserved' | 'sold' | 'available';

const STATUS_TEXT: Record<ListingStatusChange, string> = {
  reserved: 'The seller reserved this listing for you.',
  sold: 'The seller marked this listing as sold.',
  available: 'The listing is available again.',
};

const ITEM_STATUS: Record<ListingStatusChange, Pick<ItemDoc, 'state' | 'reserved'>> = {
  reserved: { state: 'active', reserved: true },
  sold: { state: 'sold', reserved: false },
  available: { state: 'active', reserved: false },
};

/** POST /api/conversations/offer?id=: the buyer offers a price, with an optional note. */
export async function makeOffer(
  deps: ConversationDeps,
  uid: string,
  id: string | undefined,
  offer: { price: number; text?: string | undefined },
): Promise<Message> {
  const record = await participantsConversation(deps.store, id, uid);
  if (record.buyer !== uid) throw new ServiceError('forbidden', MESSAGES.ownListingMessage);
  // The note, or what the inbox shows as the last message: never an empty line.
  const text = offer.text?.trim() || `Offered ${formatPrice(offer.price)}`;
  return postMessage(deps, record, newMessage(uid, { kind: 'offer', text, price: offer.price, offerStatus: 'pending' }));
}

async function changeListing(deps: ConversationDeps, record: ConversationRecord, status: ListingStatusChange): Promise<void> {
  try {
    await deps.store.setListingStatus(record.itemId, record.seller, ITEM_STATUS[status]);
  } catch (error) {
    if (error instanceof ItemNotFound) throw new ServiceError('not-found', MESSAGES.itemNotFound);
    if (error instanceof NotItemOwner) throw new ServiceError('forbidden', MESSAGES.onlySellerDecides);
    throw error;
  }
  await deps.store.setReservation(record.itemId, status === 'reserved' ? record.id : null);
  await postMessage(deps, record, newMessage(record.seller, { kind: 'status', text: STATUS_TEXT[status] }));
}

/** POST /api/conversations/offer-decision?id=: the seller accepts (reserving the listing for the buyer) or declines. */
export async function decideOffer(
  deps: ConversationDeps,
  uid: string,
  id: string | undefined,
  input: { messageId: string; decision: 'accept' | 'decline' },
): Promise<Conversation> {
  const record = await participantsConversation(deps.store, id, uid);
  requireSeller(record, uid);
  if (input.decision === 'accept') {
    // Accepting reserves the listing, which would bring a sold or removed one back to the market.
    const item = await deps.store.getItem(record.itemId);
    if (!item || item.state === 'sold' || item.hidden) throw new ServiceError('conflict', MESSAGES.listingNotAvailable);
  }
  try {
    await deps.store.decideOffer(record.id, input.messageId, input.decision === 'accept' ? 'accepted' : 'declined');
  } catch (error) {
    if (error instanceof MessageNotFound) throw new ServiceError('not-found', MESSAGES.notFound);
    if (error instanceof OfferNotPending) throw new ServiceError('conflict', MESSAGES.offerNotPending);
    throw error;
  }
  if (input.decision === 'accept') await changeListing(deps, record, 'reserved');
  else deps.conversationEvents?.publish([record.buyer, record.seller], record.id);
  return viewOf((await deps.store.getConversation(record.id)) ?? record, uid);
}

/** POST /api/conversations/listing-status?id=: the seller marks the listing from the conversation. */
export async function setListingStatus(
  deps: ConversationDeps,
  uid: string,
  id: string | undefined,
  status: ListingStatusChange,
): Promise<Conversation> {
  const record = await participantsConversation(deps.store, id, uid);
  requireSeller(record, uid);
  await changeListing(deps, record, status);
  return viewOf((await deps.store.getConversation(record.id)) ?? record, uid);
}
