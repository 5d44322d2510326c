/**
 * Buyers reach sellers (issue 25): a conversation per buyer and listing, its messages and offers,
 * and blocks (reports are moderation.ts's). The API's shapes, and the stored shape the web app
 * reads live from Firestore (conversations/{id}, conversations/{id}/messages/{id}) in Firebase mode.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { hasControlCharacters } from '../text.js';

export const MAX_MESSAGE_LENGTH = 2000;

export const MESSAGE_KINDS = [
  /** Plain text from the buyer or the seller. */
  'text',
  /** The buyer offers `price`; `offerStatus` says whether the seller has answered. */
  'offer',
  /** The seller changed the listing from the conversation: `text` says what (reserved, sold, available again). */
  'status',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const OFFER_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const instant = z.string();

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** The sender's uid. */
  from: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string(),
  /** The offered price, for kind 'offer'. */
  price: z.number().nullable(),
  offerStatus: z.enum(OFFER_STATUSES).nullable(),
  created_at: instant,
});
export type Message = z.infer<typeof messageSchema>;

/** One conversation as its viewer (buyer or seller) sees it. */
export const conversationSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  itemTitle: z.string(),
  /** The listing's first thumbnail, or null. */
  itemThumb: z.string().nullable(),
  buyer: z.string(),
  seller: z.string(),
  buyerName: z.string().nullable(),
  sellerName: z.string().nullable(),
  lastMessage: z.object({ text: z.string(), from: z.string(), at: instant }).nullable(),
  updated_at: instant,
  /** Messages the viewer has not read. */
  unread: z.number().int().min(0),
  /** The seller has blocked this buyer: the buyer can no longer send. */
  blocked: z.boolean(),
  /** The listing is reserved for this conversation's buyer (an accepted offer, or the seller's choice). */
  reservedForBuyer: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * conversations/{id} as stored (Firestore in Firebase mode; the same fields in PGlite). Only the
 * two participants may read it (firestore.rules); every write goes through the API.
 */
export interface ConversationDoc {
  id: string;
  itemId: string;
  itemTitle: string;
  itemThumb: string | null;
  buyer: string;
  seller: string;
  /** [buyer, seller]: what the rules and the inbox query (array-contains) look at. */
  participants: [string, string];
  buyerName: string | null;
  sellerName: string | null;
  lastMessage: { text: string; from: string; at: string } | null;
  updated_at: string;
  /** Unread count per participant uid. */
  unread: Record<string, number>;
  blocked: boolean;
  reservedForBuyer: boolean;
}

/** conversations/{id}/messages/{id} as stored. */
export type MessageDoc = Omit<Message, 'conversationId'>;

export function toConversation(doc: ConversationDoc, viewer: string): Conversation {
  const { participants: _participants, unread, ...rest } = doc;
  return { ...rest, unread: unread[viewer] ?? 0 };
}

export const conversationsPageSchema = z.object({ data: z.array(conversationSchema) });
export type ConversationsPage = z.infer<typeof conversationsPageSchema>;

export const messagesPageSchema = z.object({ conversation: conversationSchema, data: z.array(messageSchema) });
export type MessagesPage = z.infer<typeof messagesPageSchema>;

const printable = (text: string) => !hasControlCharacters(text, true);

const messageText = z
  .string({ error: MESSAGES.messageRequired })
  .trim()
  .min(1, MESSAGES.messageRequired)
  .max(MAX_MESSAGE_LENGTH, MESSAGES.messageTooLong(MAX_MESSAGE_LENGTH))
  .refine(printable, MESSAGES.controlCharacters('A message'));

/** An offer's note goes into the thread and the seller's email as a message does, under its rules; it may be empty. */
const offerNote = z
  .string()
  .trim()
  .max(MAX_MESSAGE_LENGTH, MESSAGES.messageTooLong(MAX_MESSAGE_LENGTH))
  .refine(printable, MESSAGES.controlCharacters('A note'));

/** POST /api/conversations: opens (or reopens) the viewer's conversation about a listing with its first message. */
export const startConversationSchema = z.object({ itemId: z.string().min(1).max(128), text: messageText });
/** POST /api/conversations/messages?id=. */
export const sendMessageSchema = z.object({ text: messageText });
/** POST /api/conversations/offer?id=: the buyer's offer, with an optional note. */
export const offerSchema = z.object({
  price: z.coerce
    .number({ error: MESSAGES.offerPriceRequired })
    .refine((n) => Number.isFinite(n) && n >= 0, MESSAGES.priceMinimum)
    .refine((n) => Math.round(n * 100) / 100 === n, MESSAGES.priceDecimals),
  text: offerNote.optional(),
});
/** POST /api/conversations/offer-decision?id=: the seller accepts (reserving the listing for the buyer) or declines. */
export const offerDecisionSchema = z.object({ messageId: z.string().min(1).max(128), decision: z.enum(['accept', 'decline']) });
/** POST /api/conversations/listing-status?id=: the seller marks the listing from the conversation. */
export const listingStatusSchema = z.object({ status: z.enum(['reserved', 'sold', 'available']) });
/** POST /api/conversations/block?id=: the seller blocks or unblocks the buyer. */
export const blockSchema = z.object({ blocked: z.boolean() });

/** The inbox's badge: conversations with unread messages. GET /api/conversations/unread. */
export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });
