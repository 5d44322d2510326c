/** Conversations, messages and blocks on PGlite: the same fields as the Firestore documents. */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { ConversationDoc, MessageDoc } from '@flipstage/core';
import {
  ConversationNotFound,
  MessageNotFound,
  OfferNotPending,
  type ConversationRecord,
  type ConversationStore,
} from '../../ports/store.js';

interface ConversationRow {
  id: string;
  item_id: string;
  item_title: string;
  item_thumb: string | null;
  buyer: string;
  seller: string;
  buyer_name: string | null;
  seller_name: string | null;
  last_message: ConversationDoc['lastMessage'];
  updated_at: Date;
  unread: Record<string, number>;
  blocked: boolean;
  reserved_for_buyer: boolean;
  noticed_at: Record<string, string>;
}

interface MessageRow {
  id: string;
  from_uid: string;
  kind: MessageDoc['kind'];
  text: string;
  price: number | null;
  offer_status: MessageDoc['offerStatus'];
  created_at: Date;
}

function toConversation(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    itemId: row.item_id,
    itemTitle: row.item_title,
    itemThumb: row.item_thumb,
    buyer: row.buyer,
    seller: row.seller,
    participants: [row.buyer, row.seller],
    buyerName: row.buyer_name,
    sellerName: row.seller_name,
    lastMessage: row.last_message,
    updated_at: row.updated_at.toISOString(),
    unread: row.unread,
    blocked: row.blocked,
    reservedForBuyer: row.reserved_for_buyer,
    noticedAt: row.noticed_at,
  };
}

function toMessage(row: MessageRow): MessageDoc {
  return {
    id: row.id,
    from: row.from_uid,
    kind: row.kind,
    text: row.text,
    price: row.price,
    offerStatus: row.offer_status,
    created_at: row.created_at.toISOString(),
  };
}

async function lockedConversation(tx: Transaction, id: string): Promise<ConversationRow> {
  const row = (await tx.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1 FOR UPDATE', [id])).rows[0];
  if (!row) throw new ConversationNotFound(id);
  return row;
}

export function pgliteConversations(db: PGlite): ConversationStore {
  return {
    async takeNotice(recipient, day, perDay) {
      if (perDay <= 0) return false;
      // A row at the cap is left as it is: the update's WHERE fails and nothing is returned.
      const counted = await db.query(
        `INSERT INTO notice_counts (recipient, day, count) VALUES ($1, $2, 1)
         ON CONFLICT (recipient, day) DO UPDATE SET count = notice_counts.count + 1 WHERE notice_counts.count < $3
         RETURNING count`,
        [recipient, day, perDay],
      );
      return counted.rows.length > 0;
    },

    openConversation(doc) {
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO conversations (id, item_id, item_title, item_thumb, buyer, seller, buyer_name, seller_name, last_message,
             updated_at, unread, blocked, reserved_for_buyer)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
          [
            doc.id,
            doc.itemId,
            doc.itemTitle,
            doc.itemThumb,
            doc.buyer,
            doc.seller,
            doc.buyerName,
            doc.sellerName,
            doc.lastMessage === null ? null : JSON.stringify(doc.lastMessage),
            doc.updated_at,
            JSON.stringify(doc.unread),
            doc.blocked,
            doc.reservedForBuyer,
          ],
        );
        return toConversation(await lockedConversation(tx, doc.id));
      });
    },

    async getConversation(id) {
      const row = (await db.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1', [id])).rows[0];
      return row ? toConversation(row) : null;
    },

    appendMessage(conversationId, message, notice) {
      return db.transaction(async (tx) => {
        const row = await lockedConversation(tx, conversationId);
        await tx.query(
          `INSERT INTO messages (conversation_id, id, from_uid, kind, text, price, offer_status, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            conversationId,
            message.id,
            message.from,
            message.kind,
            message.text,
            message.price,
            message.offerStatus,
            message.created_at,
          ],
        );
        const other = message.from === row.buyer ? row.seller : row.buyer;
        const unread = { ...row.unread, [other]: (row.unread[other] ?? 0) + 1 };
        const last = notice ? row.noticed_at[notice.recipient] : undefined;
        const noticeDue = notice !== null && (last === undefined || last < notice.notBefore);
        const noticedAt = noticeDue ? { ...row.noticed_at, [notice.recipient]: message.created_at } : row.noticed_at;
        const updated = await tx.query<ConversationRow>(
          `UPDATE conversations SET last_message = $2, updated_at = $3, unread = $4, noticed_at = $5 WHERE id = $1 RETURNING *`,
          [
            conversationId,
            JSON.stringify({ text: message.text, from: message.from, at: message.created_at }),
            message.created_at,
            JSON.stringify(unread),
            JSON.stringify(noticedAt),
          ],
        );
        return { conversation: toConversation(updated.rows[0]!), noticeDue };
      });
    },

    async listConversations(uid, limit) {
      const result = await db.query<ConversationRow>(
        'SELECT * FROM conversations WHERE buyer = $1 OR seller = $1 ORDER BY updated_at DESC, id DESC LIMIT $2',
        [uid, limit],
      );
      return result.rows.map(toConversation);
    },

    async listMessages(conversationId, query) {
      const result = await db.query<MessageRow>(
        `SELECT * FROM messages WHERE conversation_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2::timestamptz)
         ORDER BY created_at DESC, id DESC LIMIT $3`,
        [conversationId, query.before, query.limit],
      );
      return result.rows.map(toMessage).reverse();
    },

    async markRead(conversationId, uid) {
      await db.transaction(async (tx) => {
        await lockedConversation(tx, conversationId);
        await tx.query(`UPDATE conversations SET unread = unread || jsonb_build_object($2::text, 0) WHERE id = $1`, [
          conversationId,
          uid,
        ]);
      });
    },

    decideOffer(conversationId, messageId, status) {
      return db.transaction(async (tx) => {
        await lockedConversation(tx, conversationId);
        const row = (
          await tx.query<MessageRow>(
            `SELECT * FROM messages WHERE conversation_id = $1 AND id = $2 AND kind = 'offer' FOR UPDATE`,
            [conversationId, messageId],
          )
        ).rows[0];
        if (!row) throw new MessageNotFound(messageId);
        if (row.offer_status !== 'pending') throw new OfferNotPending(messageId);
        await tx.query('UPDATE messages SET offer_status = $3 WHERE conversation_id = $1 AND id = $2', [
          conversationId,
          messageId,
          status,
        ]);
        return toMessage({ ...row, offer_status: status });
      });
    },

    async setReservation(itemId, conversationId) {
      await db.query('UPDATE conversations SET reserved_for_buyer = (id = $2::text) IS TRUE WHERE item_id = $1', [
        itemId,
        conversationId,
      ]);
    },

    async setBlocked(seller, buyer, blocked, person) {
      await db.transaction(async (tx) => {
        if (blocked) {
          await tx.query(
            `INSERT INTO blocks (seller, buyer, person) VALUES ($1, $2, $3)
             ON CONFLICT (seller, buyer) DO UPDATE SET person = coalesce(EXCLUDED.person, blocks.person)`,
            [seller, buyer, person],
          );
          await tx.query('UPDATE conversations SET blocked = true WHERE seller = $1 AND buyer = $2', [seller, buyer]);
        } else {
          await tx.query(
            `WITH lifted AS (DELETE FROM blocks WHERE seller = $1 AND (buyer = $2 OR person = $3) RETURNING buyer)
             UPDATE conversations SET blocked = false
             WHERE seller = $1 AND (buyer = $2 OR buyer IN (SELECT buyer FROM lifted))`,
            [seller, buyer, person],
          );
        }
      });
    },

    async isBlocked(seller, buyer, person) {
      const result = await db.query('SELECT 1 FROM blocks WHERE seller = $1 AND (buyer = $2 OR person = $3) LIMIT 1', [
        seller,
        buyer,
        person,
      ]);
      return result.rows.length > 0;
    },
  };
}
