/**
 * The conversations part of the Store port (issue 25): a conversation per listing and buyer with
 * its messages and offers, and the seller's blocks. The stored shape is core's
 * ConversationDoc and MessageDoc, which the web app reads live from Firestore in Firebase mode.
 * Each method that changes counts (unread, the notice window) is one transaction.
 */
import type { ConversationDoc, MessageDoc, OfferStatus } from '@flipstage/core';

/** conversations/{id} with what only the backend reads: when each participant was last sent an email notice. */
export interface ConversationRecord extends ConversationDoc {
  noticedAt: Record<string, string>;
}

/** What appendMessage decides about the email notice, inside its transaction. */
export interface NoticeRule {
  /** The participant who would be told. */
  recipient: string;
  /** A notice is due when the recipient's last one is older than this instant (or there is none). */
  notBefore: string;
}

export interface AppendedMessage {
  conversation: ConversationRecord;
  /** True when the recipient is due a notice; the store recorded it as sent now. */
  noticeDue: boolean;
}

export interface MessagesQuery {
  /** Only messages created before this instant (an older page); null for the newest. */
  before: string | null;
  limit: number;
}

export interface ConversationStore {
  /** Creates conversations/{doc.id} unless it exists; either way answers the stored conversation. */
  openConversation(doc: ConversationDoc): Promise<ConversationRecord>;
  getConversation(id: string): Promise<ConversationRecord | null>;
  /**
   * Adds the message, makes it the conversation's last, counts it unread for the other
   * participant and, when `notice` is given and due, records the notice. Throws ConversationNotFound.
   */
  appendMessage(conversationId: string, message: MessageDoc, notice: NoticeRule | null): Promise<AppendedMessage>;
  /** The user's conversations (as buyer or seller), most recently updated first. */
  listConversations(uid: string, limit: number): Promise<ConversationRecord[]>;
  /** Oldest first: the newest `limit` messages before `query.before`. */
  listMessages(conversationId: string, query: MessagesQuery): Promise<MessageDoc[]>;
  /** Sets the viewer's unread count to 0. Throws ConversationNotFound. */
  markRead(conversationId: string, uid: string): Promise<void>;
  /**
   * Answers a pending offer. Throws ConversationNotFound, MessageNotFound (no such offer) or
   * OfferNotPending (answered before).
   */
  decideOffer(conversationId: string, messageId: string, status: Exclude<OfferStatus, 'pending'>): Promise<MessageDoc>;
  /** The listing is reserved for this conversation's buyer (or, with null, for nobody): every conversation about the item says so. */
  setReservation(itemId: string, conversationId: string | null): Promise<void>;
  /**
   * Blocks (or unblocks) the buyer for the seller: the pair's block record and every conversation
   * between them. `person` is the buyer's inbox (services/signupPerson.ts normaliseEmail), so the
   * block covers every account that reaches it; unblocking lifts the person's blocks as well.
   */
  setBlocked(seller: string, buyer: string, blocked: boolean, person: string | null): Promise<void>;
  /** Whether the seller blocked this user, or any account of the person whose inbox is `person`. */
  isBlocked(seller: string, buyer: string, person: string | null): Promise<boolean>;
  /**
   * Counts one email notice to this recipient (a normalised address) on this UTC day, unless it
   * has had `perDay` already: answers whether this one may go.
   */
  takeNotice(recipient: string, day: string, perDay: number): Promise<boolean>;
}

/** One email to one person: the Trigger Email extension's `mail` document, or a file in the local outbox. */
export interface MailNotice {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailNotices {
  send(notice: MailNotice): Promise<void>;
}

export class ConversationNotFound extends Error {
  constructor(readonly id: string) {
    super(`No conversation ${id}`);
    this.name = 'ConversationNotFound';
  }
}

export class MessageNotFound extends Error {
  constructor(readonly id: string) {
    super(`No offer message ${id}`);
    this.name = 'MessageNotFound';
  }
}

export class OfferNotPending extends Error {
  constructor(readonly id: string) {
    super(`Offer ${id} was already answered`);
    this.name = 'OfferNotPending';
  }
}
