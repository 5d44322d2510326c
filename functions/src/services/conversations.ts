/**
 * Buyers reach sellers (issue 25): one conversation per listing and buyer, where only the two
 * participants read and write. A buyer cannot write about their own listing, start about a sold
 * or hidden one, or write once the seller has blocked them (a block covers the person: every account
 * reaching the blocked buyer's inbox). Each new message tells the other
 * participant by email, at most once per conversation in NOTICE_WINDOW_MS, and their open pages
 * through the ConversationEvents port.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  toConversation,
  type Conversation,
  type ConversationDoc,
  type Message,
  type MessageDoc,
  type MessagesPage,
} from '@flipstage/core';
import type { ConversationEvents } from '../ports/conversationEvents.js';
import { ConversationNotFound, type ConversationRecord, type MailNotices, type Store } from '../ports/store.js';
import { logs, type Logger } from '../logs.js';
import { ServiceError } from './errors.js';
import { newMessageNotice } from './messageNotices.js';
import { normaliseEmail } from './signupPerson.js';

/** At most one email per conversation and recipient in this window, however many messages arrive. */
export const NOTICE_WINDOW_MS = 15 * 60_000;
/** The newest messages a conversation page shows; older ones page with `before`. */
export const MESSAGES_PER_PAGE = 100;
export const INBOX_LIMIT = 100;

export interface ConversationDeps {
  store: Store;
  mail: MailNotices;
  /** Null where nobody needs telling (Firebase mode: the app reads Firestore live). */
  conversationEvents: ConversationEvents | null;
  /** The site's public origins: notices link to the first. */
  config: { siteOrigins: readonly string[] };
  logger: Logger;
}

let lastInstant = 0;
/** Strictly increasing in this process, so messages sent in one millisecond keep their order. */
export function nextInstant(): string {
  lastInstant = Math.max(Date.now(), lastInstant + 1);
  return new Date(lastInstant).toISOString();
}

/** The same listing and buyer always open the same conversation. */
export function conversationIdFor(itemId: string, buyer: string): string {
  return createHash('sha256').update(`${itemId}\n${buyer}`).digest('base64url').slice(0, 24);
}

export function newMessage(from: string, fields: Pick<MessageDoc, 'kind' | 'text'> & Partial<MessageDoc>): MessageDoc {
  return { id: randomUUID(), from, price: null, offerStatus: null, created_at: nextInstant(), ...fields };
}

export function viewOf(record: ConversationRecord, viewer: string): Conversation {
  const { noticedAt: _noticedAt, ...doc } = record;
  return toConversation(doc, viewer);
}

export const asMessage = (conversationId: string, doc: MessageDoc): Message => ({ ...doc, conversationId });

const notFound = () => new ServiceError('not-found', MESSAGES.conversationNotFound);

/** The conversation, if the viewer is one of its two participants: else 404 when it does not exist, 403 when it is not theirs. */
export async function participantsConversation(
  store: Store,
  id: string | undefined,
  viewer: string,
): Promise<ConversationRecord> {
  const record = id ? await store.getConversation(id) : null;
  if (!record) throw notFound();
  if (record.buyer !== viewer && record.seller !== viewer) throw new ServiceError('forbidden', MESSAGES.notParticipant);
  return record;
}

/** Offers, the listing's status and blocks are the seller's to decide. */
export function requireSeller(record: ConversationRecord, viewer: string): void {
  if (record.seller !== viewer) throw new ServiceError('forbidden', MESSAGES.onlySellerDecides);
}

async function nameOf(store: Store, uid: string): Promise<string | null> {
  return (await store.getAccount(uid))?.profile.name?.trim() || null;
}

/**
 * Adds a message from one participant, tells the other (by email when due) and both their open
 * pages. The buyer of a blocked pair cannot send; the seller still can, without an email.
 */
export async function postMessage(
  deps: ConversationDeps,
  record: ConversationRecord,
  message: MessageDoc,
): Promise<Message> {
  const fromBuyer = message.from === record.buyer;
  if (record.blocked && fromBuyer) throw new ServiceError('forbidden', MESSAGES.blockedBySeller);
  const recipient = fromBuyer ? record.seller : record.buyer;
  const email = record.blocked ? null : ((await deps.store.getAccount(recipient))?.profile.email ?? null);
  const notBefore = new Date(Date.parse(message.created_at) - NOTICE_WINDOW_MS).toISOString();
  let appended;
  try {
    appended = await deps.store.appendMessage(record.id, message, email ? { recipient, notBefore } : null);
  } catch (error) {
    if (error instanceof ConversationNotFound) throw notFound();
    throw error;
  }
  deps.conversationEvents?.publish([record.buyer, record.seller], record.id);
  if (email && appended.noticeDue) {
    const site = deps.config.siteOrigins[0] ?? '';
    await deps.mail
      .send(newMessageNotice({ to: email, site, conversation: appended.conversation, message, fromBuyer }))
      .catch((error: unknown) => logs.mailNoticeFailed(deps.logger, { conversationId: record.id }, error));
  }
  return asMessage(record.id, message);
}

/** POST /api/conversations: the buyer's conversation about a listing (opened the first time) with its new message. */
export async function startConversation(
  deps: ConversationDeps,
  identity: { uid: string; email?: string | null },
  input: { itemId: string; text: string },
): Promise<Conversation> {
  const buyer = identity.uid;
  const item = await deps.store.getItem(input.itemId);
  if (!item || (item.hidden && item.owner !== buyer)) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  if (item.owner === buyer) throw new ServiceError('forbidden', MESSAGES.ownListingMessage);
  const id = conversationIdFor(item.id, buyer);
  let record = await deps.store.getConversation(id);
  if (!record) {
    if (item.state === 'sold' || item.hidden) throw new ServiceError('conflict', MESSAGES.listingNotAvailable);
    if (await deps.store.isBlocked(item.owner, buyer, inboxOf(identity.email ?? null)))
      throw new ServiceError('forbidden', MESSAGES.blockedBySeller);
    const now = nextInstant();
    const doc: ConversationDoc = {
      id,
      itemId: item.id,
      itemTitle: item.title,
      itemThumb: item.thumbs[0] ?? null,
      buyer,
      seller: item.owner,
      participants: [buyer, item.owner],
      buyerName: await nameOf(deps.store, buyer),
      sellerName: item.sellerName ?? (await nameOf(deps.store, item.owner)),
      lastMessage: null,
      updated_at: now,
      unread: { [buyer]: 0, [item.owner]: 0 },
      blocked: false,
      reservedForBuyer: false,
    };
    record = await deps.store.openConversation(doc);
  }
  await postMessage(deps, record, newMessage(buyer, { kind: 'text', text: input.text }));
  return viewOf((await deps.store.getConversation(id)) ?? record, buyer);
}

/** POST /api/conversations/messages?id=. */
export async function sendMessage(
  deps: ConversationDeps,
  uid: string,
  id: string | undefined,
  text: string,
): Promise<Message> {
  const record = await participantsConversation(deps.store, id, uid);
  return postMessage(deps, record, newMessage(uid, { kind: 'text', text }));
}

/** GET /api/conversations: the viewer's inbox, most recent first. */
export async function listConversations(deps: Pick<ConversationDeps, 'store'>, uid: string): Promise<Conversation[]> {
  return (await deps.store.listConversations(uid, INBOX_LIMIT)).map((record) => viewOf(record, uid));
}

/** GET /api/conversations/unread: how many of the viewer's conversations have unread messages. */
export async function unreadConversations(deps: Pick<ConversationDeps, 'store'>, uid: string): Promise<number> {
  return (await listConversations(deps, uid)).filter((conversation) => conversation.unread > 0).length;
}

/** GET /api/conversations/messages?id=: the conversation and its newest messages (older ones `before` an instant). */
export async function getConversation(
  deps: Pick<ConversationDeps, 'store'>,
  uid: string,
  id: string | undefined,
  before: string | null,
): Promise<MessagesPage> {
  const record = await participantsConversation(deps.store, id, uid);
  const messages = await deps.store.listMessages(record.id, { before, limit: MESSAGES_PER_PAGE });
  return { conversation: viewOf(record, uid), data: messages.map((doc) => asMessage(record.id, doc)) };
}

/** POST /api/conversations/read?id=: the viewer has read everything in it. */
export async function markRead(
  deps: Pick<ConversationDeps, 'store' | 'conversationEvents'>,
  uid: string,
  id: string | undefined,
): Promise<Conversation> {
  const record = await participantsConversation(deps.store, id, uid);
  await deps.store.markRead(record.id, uid);
  deps.conversationEvents?.publish([uid], record.id);
  return viewOf({ ...record, unread: { ...record.unread, [uid]: 0 } }, uid);
}

/** The person a block covers: the inbox an address reaches, so a second account of the buyer's is blocked too. */
const inboxOf = (email: string | null) => (email ? normaliseEmail(email) : null);

/** POST /api/conversations/block?id=: the seller blocks or unblocks this conversation's buyer, in all their conversations. */
export async function setBlocked(
  deps: Pick<ConversationDeps, 'store' | 'conversationEvents'>,
  uid: string,
  id: string | undefined,
  blocked: boolean,
): Promise<Conversation> {
  const record = await participantsConversation(deps.store, id, uid);
  requireSeller(record, uid);
  const buyerEmail = (await deps.store.getAccount(record.buyer))?.profile.email ?? null;
  await deps.store.setBlocked(record.seller, record.buyer, blocked, inboxOf(buyerEmail));
  deps.conversationEvents?.publish([record.buyer, record.seller], record.id);
  return viewOf({ ...record, blocked }, uid);
}
