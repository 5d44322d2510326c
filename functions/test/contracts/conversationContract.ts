/**
 * The conversations part of the Store contract (issue 25), run against every adapter: a
 * conversation opened once per id, messages counted unread for the other participant, the email
 * notice window kept per recipient, offers answered once, the reservation on one conversation of a
 * listing, and blocks across a pair's conversations (reports: moderationContract.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDoc, MessageDoc } from '@flipstage/core';
import { ConversationNotFound, MessageNotFound, OfferNotPending, type Store } from '../../src/ports/store.js';
import { uniq } from './contractData.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString();

function aConversation(overrides: Partial<ConversationDoc> = {}): ConversationDoc {
  const buyer = overrides.buyer ?? `b_${uniq()}`;
  const seller = overrides.seller ?? `s_${uniq()}`;
  return {
    id: uniq(),
    itemId: `i_${uniq()}`,
    itemTitle: 'Walnut dresser',
    itemThumb: null,
    buyer,
    seller,
    participants: [buyer, seller],
    buyerName: 'Bo',
    sellerName: 'Sam',
    lastMessage: null,
    updated_at: at(0),
    unread: { [buyer]: 0, [seller]: 0 },
    blocked: false,
    reservedForBuyer: false,
    ...overrides,
  };
}

function aMessage(from: string, minute: number, overrides: Partial<MessageDoc> = {}): MessageDoc {
  return {
    id: uniq(),
    from,
    kind: 'text',
    text: `at ${minute}`,
    price: null,
    offerStatus: null,
    created_at: at(minute),
    ...overrides,
  };
}

export function describeConversationContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract, conversations: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(() => store.close());

    it('opens a conversation once and answers the stored one after', async () => {
      const doc = aConversation();
      expect(await store.openConversation(doc)).toMatchObject(doc);
      expect(await store.openConversation({ ...doc, itemTitle: 'Changed' })).toMatchObject({
        itemTitle: 'Walnut dresser',
      });
      expect(await store.getConversation(doc.id)).toMatchObject({ ...doc, noticedAt: {} });
    });

    it('answers null for a conversation that does not exist', async () => {
      expect(await store.getConversation(uniq())).toBeNull();
    });

    it('makes a message the last one and counts it unread for the other participant', async () => {
      const doc = await store.openConversation(aConversation());
      await store.appendMessage(doc.id, aMessage(doc.buyer, 1), null);
      const { conversation } = await store.appendMessage(doc.id, aMessage(doc.buyer, 2), null);
      expect(conversation.unread).toEqual({ [doc.buyer]: 0, [doc.seller]: 2 });
      expect(conversation.lastMessage).toEqual({ text: 'at 2', from: doc.buyer, at: at(2) });
      expect(conversation.updated_at).toBe(at(2));
    });

    it('refuses a message to a conversation that does not exist', async () => {
      await expect(store.appendMessage(uniq(), aMessage('u', 1), null)).rejects.toBeInstanceOf(ConversationNotFound);
    });

    it('says a notice is due once per window and recipient', async () => {
      const doc = await store.openConversation(aConversation());
      const notice = (minute: number) => ({ recipient: doc.seller, notBefore: at(minute - 15) });
      expect((await store.appendMessage(doc.id, aMessage(doc.buyer, 1), notice(1))).noticeDue).toBe(true);
      expect((await store.appendMessage(doc.id, aMessage(doc.buyer, 10), notice(10))).noticeDue).toBe(false);
      expect((await store.appendMessage(doc.id, aMessage(doc.buyer, 17), notice(17))).noticeDue).toBe(true);
      const toBuyer = { recipient: doc.buyer, notBefore: at(3) };
      expect((await store.appendMessage(doc.id, aMessage(doc.seller, 18), toBuyer)).noticeDue).toBe(true);
    });

    it('lets a recipient be sent notices up to the day’s cap, then none that day, and others theirs', async () => {
      const recipient = `${uniq()}@example.com`;
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push(await store.takeNotice(recipient, '2026-11-28', 3));
      expect(taken).toEqual([true, true, true, false]);
      expect(await store.takeNotice(recipient, '2026-11-29', 3)).toBe(true);
      expect(await store.takeNotice(`${uniq()}@example.com`, '2026-11-28', 3)).toBe(true);
    });

    it('lists messages oldest first, the newest page or the one before an instant', async () => {
      const doc = await store.openConversation(aConversation());
      for (const minute of [1, 2, 3, 4]) await store.appendMessage(doc.id, aMessage(doc.buyer, minute), null);
      const texts = (messages: MessageDoc[]) => messages.map((m) => m.text);
      expect(texts(await store.listMessages(doc.id, { before: null, limit: 3 }))).toEqual(['at 2', 'at 3', 'at 4']);
      expect(texts(await store.listMessages(doc.id, { before: at(3), limit: 10 }))).toEqual(['at 1', 'at 2']);
    });

    it('lists a user’s conversations as buyer or seller, most recently updated first', async () => {
      const user = `u_${uniq()}`;
      const asBuyer = await store.openConversation(aConversation({ buyer: user, updated_at: at(1) }));
      const asSeller = await store.openConversation(aConversation({ seller: user, updated_at: at(2) }));
      await store.openConversation(aConversation());
      expect((await store.listConversations(user, 10)).map((c) => c.id)).toEqual([asSeller.id, asBuyer.id]);
      await store.appendMessage(asBuyer.id, aMessage(user, 5), null);
      expect((await store.listConversations(user, 10)).map((c) => c.id)).toEqual([asBuyer.id, asSeller.id]);
    });

    it('clears only the reader’s unread count', async () => {
      const doc = await store.openConversation(aConversation());
      await store.appendMessage(doc.id, aMessage(doc.buyer, 1), null);
      await store.appendMessage(doc.id, aMessage(doc.seller, 2), null);
      await store.markRead(doc.id, doc.seller);
      expect((await store.getConversation(doc.id))?.unread).toEqual({ [doc.buyer]: 1, [doc.seller]: 0 });
    });

    it('answers a pending offer once', async () => {
      const doc = await store.openConversation(aConversation());
      const offer = aMessage(doc.buyer, 1, { kind: 'offer', price: 150, offerStatus: 'pending' });
      await store.appendMessage(doc.id, offer, null);
      expect(await store.decideOffer(doc.id, offer.id, 'accepted')).toMatchObject({
        id: offer.id,
        offerStatus: 'accepted',
      });
      await expect(store.decideOffer(doc.id, offer.id, 'declined')).rejects.toBeInstanceOf(OfferNotPending);
      expect((await store.listMessages(doc.id, { before: null, limit: 10 }))[0]?.offerStatus).toBe('accepted');
    });

    it('refuses to answer a message that is not an offer', async () => {
      const doc = await store.openConversation(aConversation());
      const text = aMessage(doc.buyer, 1);
      await store.appendMessage(doc.id, text, null);
      await expect(store.decideOffer(doc.id, text.id, 'accepted')).rejects.toBeInstanceOf(MessageNotFound);
      await expect(store.decideOffer(doc.id, uniq(), 'accepted')).rejects.toBeInstanceOf(MessageNotFound);
    });

    it('reserves a listing for one conversation’s buyer at a time', async () => {
      const itemId = `i_${uniq()}`;
      const first = await store.openConversation(aConversation({ itemId }));
      const second = await store.openConversation(aConversation({ itemId }));
      const reserved = () =>
        Promise.all([first, second].map(async (c) => (await store.getConversation(c.id))?.reservedForBuyer));
      await store.setReservation(itemId, first.id);
      expect(await reserved()).toEqual([true, false]);
      await store.setReservation(itemId, second.id);
      expect(await reserved()).toEqual([false, true]);
      await store.setReservation(itemId, null);
      expect(await reserved()).toEqual([false, false]);
    });

    it('blocks a buyer in every conversation with that seller, and unblocks', async () => {
      const seller = `s_${uniq()}`;
      const buyer = `b_${uniq()}`;
      const pair = [aConversation({ seller, buyer }), aConversation({ seller, buyer })];
      const other = aConversation({ seller });
      for (const doc of [...pair, other]) await store.openConversation(doc);
      await store.setBlocked(seller, buyer, true, null);
      expect(await store.isBlocked(seller, buyer, null)).toBe(true);
      const blocked = async (id: string) => (await store.getConversation(id))?.blocked;
      expect([await blocked(pair[0]!.id), await blocked(pair[1]!.id), await blocked(other.id)]).toEqual([
        true,
        true,
        false,
      ]);
      await store.setBlocked(seller, buyer, false, null);
      expect(await store.isBlocked(seller, buyer, null)).toBe(false);
      expect(await blocked(pair[0]!.id)).toBe(false);
    });

    it('blocks every account of the blocked buyer’s inbox, for that seller only', async () => {
      const seller = `s_${uniq()}`;
      const person = `p${uniq()}@gmail.com`;
      await store.setBlocked(seller, `b_${uniq()}`, true, person);
      expect(await store.isBlocked(seller, `second_${uniq()}`, person)).toBe(true);
      expect(await store.isBlocked(seller, `second_${uniq()}`, `other${uniq()}@gmail.com`)).toBe(false);
      expect(await store.isBlocked(`s_${uniq()}`, `second_${uniq()}`, person)).toBe(false);
    });

    it('lifts the person’s blocks and their conversations’ when the seller unblocks one account', async () => {
      const seller = `s_${uniq()}`;
      const person = `p${uniq()}@gmail.com`;
      const [first, second] = [`b_${uniq()}`, `b_${uniq()}`];
      const secondsConversation = aConversation({ seller, buyer: second });
      await store.openConversation(secondsConversation);
      await store.setBlocked(seller, first, true, person);
      await store.setBlocked(seller, second, true, person);
      await store.setBlocked(seller, first, false, person);
      expect(await store.isBlocked(seller, second, person)).toBe(false);
      expect((await store.getConversation(secondsConversation.id))?.blocked).toBe(false);
    });
  });
}
