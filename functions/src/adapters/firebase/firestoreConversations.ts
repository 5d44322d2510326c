/**
 * Conversations on Firestore, in the shape the web app reads live (core's ConversationDoc and
 * MessageDoc): conversations/{id} with its messages subcollection and blocks/{seller}_{buyer},
 * which only the backend reads. Every write that changes a count (unread, the notice window) is one
 * transaction.
 */
import { createHash } from 'node:crypto';
import {
  FieldPath,
  type CollectionReference,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { MessageDoc } from '@flipstage/core';
import {
  ConversationNotFound,
  MessageNotFound,
  OfferNotPending,
  type ConversationRecord,
  type ConversationStore,
} from '../../ports/store.js';

export const CONVERSATION_COLLECTIONS = {
  conversations: 'conversations',
  messages: 'messages',
  blocks: 'blocks',
} as const;

interface StoredBlock {
  seller: string;
  buyer: string;
  /** The blocked buyer's inbox, hashed (as notice_counts' ids are), or null when unknown. */
  person: string | null;
  created_at: string;
}

/** Firestore's most values in one `in` filter. */
const IN_LIMIT = 30;

const hashed = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 40);

/** Email notices counted per recipient and UTC day (ports/conversations.ts takeNotice); backend only. */
const NOTICE_COUNTS = 'notice_counts';

export function firestoreConversations(db: Firestore): ConversationStore {
  const conversations = db.collection(
    CONVERSATION_COLLECTIONS.conversations,
  ) as CollectionReference<ConversationRecord>;
  const messages = (id: string) =>
    conversations.doc(id).collection(CONVERSATION_COLLECTIONS.messages) as CollectionReference<MessageDoc>;
  const blocks = db.collection(CONVERSATION_COLLECTIONS.blocks) as CollectionReference<StoredBlock>;
  const blockOf = (seller: string, buyer: string) => blocks.doc(`${seller}_${buyer}`);

  return {
    takeNotice(recipient, day, perDay) {
      // Hashed, so the collection names no email address.
      const ref = db.collection(NOTICE_COUNTS).doc(`${day}_${hashed(recipient)}`);
      return db.runTransaction(async (tx) => {
        const count = ((await tx.get(ref)).data()?.count as number | undefined) ?? 0;
        if (count >= perDay) return false;
        tx.set(ref, { count: count + 1 });
        return true;
      });
    },
    openConversation(doc) {
      return db.runTransaction(async (tx) => {
        const ref = conversations.doc(doc.id);
        const snap = await tx.get(ref);
        if (snap.exists) return snap.data()!;
        const record: ConversationRecord = { ...doc, noticedAt: {} };
        tx.create(ref, record);
        return record;
      });
    },

    async getConversation(id) {
      const snap = await conversations.doc(id).get();
      return snap.exists ? snap.data()! : null;
    },

    appendMessage(conversationId, message, notice) {
      return db.runTransaction(async (tx) => {
        const ref = conversations.doc(conversationId);
        const snap = await tx.get(ref);
        if (!snap.exists) throw new ConversationNotFound(conversationId);
        const current = snap.data()!;
        const other = message.from === current.buyer ? current.seller : current.buyer;
        const last = notice ? current.noticedAt[notice.recipient] : undefined;
        const noticeDue = notice !== null && (last === undefined || last < notice.notBefore);
        const updated: ConversationRecord = {
          ...current,
          lastMessage: { text: message.text, from: message.from, at: message.created_at },
          updated_at: message.created_at,
          unread: { ...current.unread, [other]: (current.unread[other] ?? 0) + 1 },
          noticedAt: noticeDue ? { ...current.noticedAt, [notice.recipient]: message.created_at } : current.noticedAt,
        };
        tx.create(messages(conversationId).doc(message.id), message);
        tx.set(ref, updated);
        return { conversation: updated, noticeDue };
      });
    },

    async listConversations(uid, limit) {
      const snap = await conversations
        .where('participants', 'array-contains', uid)
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .get();
      return snap.docs.map((doc) => doc.data());
    },

    async listMessages(conversationId, query) {
      let newest = messages(conversationId).orderBy('created_at', 'desc').orderBy(FieldPath.documentId(), 'desc');
      if (query.before !== null) newest = newest.where('created_at', '<', query.before);
      const snap = await newest.limit(query.limit).get();
      return snap.docs.map((doc) => doc.data()).reverse();
    },

    markRead(conversationId, uid) {
      return db.runTransaction(async (tx) => {
        const ref = conversations.doc(conversationId);
        const snap = await tx.get(ref);
        if (!snap.exists) throw new ConversationNotFound(conversationId);
        tx.update(ref, new FieldPath('unread', uid), 0);
      });
    },

    decideOffer(conversationId, messageId, status) {
      return db.runTransaction(async (tx) => {
        const ref = messages(conversationId).doc(messageId);
        const snap = await tx.get(ref);
        const offer = snap.exists ? snap.data()! : null;
        if (!offer || offer.kind !== 'offer') throw new MessageNotFound(messageId);
        if (offer.offerStatus !== 'pending') throw new OfferNotPending(messageId);
        tx.update(ref, { offerStatus: status });
        return { ...offer, offerStatus: status };
      });
    },

    setReservation(itemId, conversationId) {
      return db.runTransaction(async (tx) => {
        const snap = await tx.get(conversations.where('itemId', '==', itemId));
        for (const doc of snap.docs) {
          const reserved = doc.id === conversationId;
          if (doc.data().reservedForBuyer !== reserved) tx.update(doc.ref, { reservedForBuyer: reserved });
        }
      });
    },

    setBlocked(seller, buyer, blocked, person) {
      const personKey = person === null ? null : hashed(person);
      return db.runTransaction(async (tx) => {
        const lifted =
          blocked || personKey === null
            ? []
            : (await tx.get(blocks.where('seller', '==', seller).where('person', '==', personKey))).docs.map(
                (doc) => doc.data().buyer,
              );
        const buyers = [...new Set([buyer, ...lifted])];
        const pairs: QueryDocumentSnapshot<ConversationRecord>[] = [];
        for (let at = 0; at < buyers.length; at += IN_LIMIT) {
          const chunk = buyers.slice(at, at + IN_LIMIT);
          pairs.push(...(await tx.get(conversations.where('seller', '==', seller).where('buyer', 'in', chunk))).docs);
        }
        if (blocked) {
          const kept = (await tx.get(blockOf(seller, buyer))).data()?.person ?? null;
          tx.set(blockOf(seller, buyer), {
            seller,
            buyer,
            person: personKey ?? kept,
            created_at: new Date().toISOString(),
          });
        } else {
          for (const each of buyers) tx.delete(blockOf(seller, each));
        }
        for (const doc of pairs) tx.update(doc.ref, { blocked });
      });
    },

    async isBlocked(seller, buyer, person) {
      if ((await blockOf(seller, buyer).get()).exists) return true;
      if (person === null) return false;
      const byPerson = await blocks.where('seller', '==', seller).where('person', '==', hashed(person)).limit(1).get();
      return !byPerson.empty;
    },
  };
}
