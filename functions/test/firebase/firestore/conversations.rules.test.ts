/**
 * firestore.rules for conversations/{id} and its messages (issue 25): the buyer and the seller
 * read them live, nobody else does, and nobody writes them but the backend. The email notices
 * (mail), reports and blocks are the backend's alone.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationDoc, MessageDoc } from '@flipstage/core';
import { firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const BUYER = 'bo';
const SELLER = 'sam';
const OUTSIDER = 'eli';
const AT = '2026-11-26T12:00:00.000Z';

const conversation: ConversationDoc = {
  id: 'c1',
  itemId: 'item-1',
  itemTitle: 'Walnut dresser',
  itemThumb: null,
  buyer: BUYER,
  seller: SELLER,
  participants: [BUYER, SELLER],
  buyerName: 'Bo',
  sellerName: 'Sam',
  lastMessage: { text: 'Still available?', from: BUYER, at: AT },
  updated_at: AT,
  unread: { [SELLER]: 1 },
  blocked: false,
  reservedForBuyer: false,
};
const othersConversation: ConversationDoc = {
  ...conversation,
  id: 'c2',
  buyer: OUTSIDER,
  participants: [OUTSIDER, SELLER],
};
const message: MessageDoc = { id: 'm1', from: BUYER, kind: 'text', text: 'Still available?', price: null, offerStatus: null, created_at: AT };

let env: RulesTestEnvironment;
const as = (uid: string | null): RulesTestContext => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext());
const conversations = (context: RulesTestContext) => context.firestore().collection('conversations');
const messages = (context: RulesTestContext, id = 'c1') => conversations(context).doc(id).collection('messages');

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-conversations');
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    for (const doc of [conversation, othersConversation]) await db.doc(`conversations/${doc.id}`).set(doc);
    await db.doc(`conversations/c1/messages/${message.id}`).set(message);
    await db.doc('mail/n1').set({ to: 'sam@example.com', message: { subject: 'New message', text: 'Hi', html: '<p>Hi</p>' } });
    await db.doc('reports/r1').set({ reporter: BUYER, itemId: 'item-1', reason: 'Spam' });
    await db.doc(`blocks/${SELLER}_${BUYER}`).set({ seller: SELLER, buyer: BUYER, created_at: AT });
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('conversations/{id}', () => {
  it.each([
    ['the buyer', BUYER],
    ['the seller', SELLER],
  ])('%s reads the conversation', async (_who, uid) => {
    const snap = await assertSucceeds(conversations(as(uid)).doc('c1').get());
    expect(snap.data()).toEqual(conversation);
  });

  it('an outsider cannot read it', async () => {
    await assertFails(conversations(as(OUTSIDER)).doc('c1').get());
  });

  it('a signed-out visitor cannot read it', async () => {
    await assertFails(conversations(as(null)).doc('c1').get());
  });

  it('lists the inbox when the query is constrained to the caller', async () => {
    const inbox = conversations(as(SELLER)).where('participants', 'array-contains', SELLER).orderBy('updated_at', 'desc');
    const snap = await assertSucceeds(inbox.get());
    expect(snap.docs.map((doc) => doc.id).sort()).toEqual(['c1', 'c2']);
  });

  it('refuses an inbox query constrained to someone else', async () => {
    await assertFails(conversations(as(BUYER)).where('participants', 'array-contains', SELLER).get());
  });

  it('refuses an unconstrained list', async () => {
    await assertFails(conversations(as(BUYER)).get());
  });

  it('a participant cannot write it', async () => {
    await assertFails(conversations(as(SELLER)).doc('c1').update({ unread: {} }));
    await assertFails(conversations(as(BUYER)).doc('c3').set({ ...conversation, id: 'c3' }));
    await assertFails(conversations(as(BUYER)).doc('c1').delete());
  });
});

describe('conversations/{id}/messages/{id}', () => {
  it.each([
    ['the buyer', BUYER],
    ['the seller', SELLER],
  ])('%s reads the messages', async (_who, uid) => {
    const snap = await assertSucceeds(messages(as(uid)).orderBy('created_at', 'asc').get());
    expect(snap.docs.map((doc) => doc.data())).toEqual([message]);
  });

  it('an outsider cannot read them', async () => {
    await assertFails(messages(as(OUTSIDER)).get());
    await assertFails(messages(as(OUTSIDER)).doc('m1').get());
  });

  it('a participant cannot write a message', async () => {
    await assertFails(messages(as(BUYER)).doc('m2').set({ ...message, id: 'm2' }));
    await assertFails(messages(as(SELLER)).doc('m1').update({ text: 'edited' }));
  });
});

describe.each(['mail/n1', 'reports/r1', `blocks/${SELLER}_${BUYER}`])('%s', (path) => {
  it.each([
    ['the buyer', BUYER],
    ['the seller', SELLER],
  ])('%s can neither read nor write it', async (_who, uid) => {
    const doc = as(uid).firestore().doc(path);
    await assertFails(doc.get());
    await assertFails(doc.set({ touched: true }));
    await assertFails(as(uid).firestore().collection(path.split('/')[0]!).get());
  });
});
