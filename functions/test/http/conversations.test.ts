import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Conversation } from '@flipstage/core';
import { auth, useConversationParties } from '../helpers/conversationParties.js';
import type { TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { makeItemDoc } from '../contracts/storeContract.js';

const p = useConversationParties();
const { listing, start, post, messagesOf } = p;
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let outsider: TestUser;
beforeAll(() => {
  ({ t, seller, buyer, outsider } = p);
});

describe('starting a conversation', () => {
  it('opens a conversation about the listing with the buyer’s first message', async () => {
    const item = await listing();
    const conversation = await start(item.id);
    expect(conversation).toMatchObject({
      itemId: item.id,
      itemTitle: 'Walnut dresser',
      buyer: buyer.uid,
      seller: seller.uid,
      buyerName: 'Bo Buyer',
      lastMessage: { text: 'Is it still available?', from: buyer.uid },
      unread: 0,
      blocked: false,
    });
    const page = await messagesOf(seller, conversation.id);
    expect(page.conversation.unread).toBe(1);
    expect(page.data.map((m) => [m.kind, m.text, m.from])).toEqual([['text', 'Is it still available?', buyer.uid]]);
  });

  it('reuses the buyer’s conversation about the same listing', async () => {
    const item = await listing();
    const first = await start(item.id, 'Hello');
    const second = await start(item.id, 'Hello again');
    expect(second.id).toBe(first.id);
    expect((await messagesOf(buyer, first.id)).data.map((m) => m.text)).toEqual(['Hello', 'Hello again']);
  });

  it('refuses the seller writing about their own listing', async () => {
    const item = await listing();
    const response = await request(t.app)
      .post('/api/conversations')
      .set(auth(seller))
      .send({ itemId: item.id, text: 'Hi' });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(MESSAGES.ownListingMessage);
  });

  it('refuses a new conversation about a sold listing', async () => {
    const item = await listing({ state: 'sold' });
    const response = await request(t.app)
      .post('/api/conversations')
      .set(auth(buyer))
      .send({ itemId: item.id, text: 'Hi' });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(MESSAGES.listingNotAvailable);
  });

  it('refuses a signed-out visitor', async () => {
    const item = await listing();
    const response = await request(t.app).post('/api/conversations').send({ itemId: item.id, text: 'Hi' });
    expect(response.status).toBe(401);
  });

  it('refuses an empty message with the form’s message', async () => {
    const item = await listing();
    const response = await request(t.app)
      .post('/api/conversations')
      .set(auth(buyer))
      .send({ itemId: item.id, text: '  ' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(MESSAGES.messageRequired);
  });
});

describe('messages', () => {
  it('lets the seller answer, counting it unread for the buyer', async () => {
    const conversation = await start((await listing()).id);
    const answer = await post('messages', seller, conversation.id, { text: 'Yes, come Saturday' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ kind: 'text', from: seller.uid, conversationId: conversation.id });
    const inbox = await request(t.app).get('/api/conversations').set(auth(buyer));
    expect(inbox.body.data.find((c: Conversation) => c.id === conversation.id)).toMatchObject({
      unread: 1,
      lastMessage: { text: 'Yes, come Saturday' },
    });
  });

  it('lists the inbox most recently updated first', async () => {
    const older = await start((await listing()).id);
    const newer = await start((await listing()).id);
    const ids = ((await request(t.app).get('/api/conversations').set(auth(seller))).body.data as Conversation[]).map(
      (c) => c.id,
    );
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it('clears the viewer’s unread count when they read it', async () => {
    const conversation = await start((await listing()).id);
    expect((await post('read', seller, conversation.id, {})).body.unread).toBe(0);
    expect((await messagesOf(seller, conversation.id)).conversation.unread).toBe(0);
  });

  it('counts the conversations with unread messages', async () => {
    const reader = await p.newUser();
    await start((await listing()).id, 'One', reader);
    await start((await listing()).id, 'Two', reader);
    const own = await t.store.createItem(makeItemDoc({ owner: reader.uid }));
    await start(own.id, 'To the reader');
    expect((await request(t.app).get('/api/conversations/unread').set(auth(reader))).body).toEqual({ unread: 1 });
  });

  it('refuses an outsider reading or writing with 403', async () => {
    const conversation = await start((await listing()).id);
    const read = await request(t.app).get(`/api/conversations/messages?id=${conversation.id}`).set(auth(outsider));
    expect(read.status).toBe(403);
    expect(read.body.error.message).toBe(MESSAGES.notParticipant);
    expect((await post('messages', outsider, conversation.id, { text: 'Hi' })).status).toBe(403);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const response = await request(t.app).get('/api/conversations/messages?id=nope').set(auth(buyer));
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(MESSAGES.conversationNotFound);
  });
});

describe('offers', () => {
  it('accepting the buyer’s offer reserves the listing for them', async () => {
    const item = await listing();
    const conversation = await start(item.id);
    const offer = await post('offer', buyer, conversation.id, { price: 180 });
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ kind: 'offer', price: 180, offerStatus: 'pending' });
    const decided = await post('offer-decision', seller, conversation.id, {
      messageId: offer.body.id,
      decision: 'accept',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.reservedForBuyer).toBe(true);
    expect(await t.store.getItem(item.id)).toMatchObject({ reserved: true, state: 'active' });
    const kinds = (await messagesOf(buyer, conversation.id)).data.map((m) => [m.kind, m.offerStatus]);
    expect(kinds).toEqual([
      ['text', null],
      ['offer', 'accepted'],
      ['status', null],
    ]);
  });

  it('declining leaves the listing as it was', async () => {
    const item = await listing();
    const conversation = await start(item.id);
    const offer = await post('offer', buyer, conversation.id, { price: 50 });
    const decided = await post('offer-decision', seller, conversation.id, {
      messageId: offer.body.id,
      decision: 'decline',
    });
    expect(decided.body.reservedForBuyer).toBe(false);
    expect((await t.store.getItem(item.id))?.reserved).toBe(false);
    expect((await messagesOf(buyer, conversation.id)).data[1]?.offerStatus).toBe('declined');
  });

  it.each([
    ['a NUL character', 'Cash today\u0000'],
    ['a control character', 'Cash\u001b[2J today'],
  ])('refuses a note with %s, and adds nothing to the thread', async (_kind, text) => {
    const conversation = await start((await listing()).id);
    const offer = await post('offer', buyer, conversation.id, { price: 150, text });
    expect(offer.status).toBe(400);
    expect(offer.body.error.message).toBe(MESSAGES.controlCharacters('A note'));
    expect((await messagesOf(buyer, conversation.id)).data).toHaveLength(1);
  });

  it('refuses the buyer deciding their own offer', async () => {
    const conversation = await start((await listing()).id);
    const offer = await post('offer', buyer, conversation.id, { price: 50 });
    const decided = await post('offer-decision', buyer, conversation.id, {
      messageId: offer.body.id,
      decision: 'accept',
    });
    expect(decided.status).toBe(403);
    expect(decided.body.error.message).toBe(MESSAGES.onlySellerDecides);
  });

  it('refuses answering an offer twice', async () => {
    const conversation = await start((await listing()).id);
    const offer = await post('offer', buyer, conversation.id, { price: 50 });
    await post('offer-decision', seller, conversation.id, { messageId: offer.body.id, decision: 'decline' });
    const again = await post('offer-decision', seller, conversation.id, {
      messageId: offer.body.id,
      decision: 'accept',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGES.offerNotPending);
  });

  it('refuses accepting an offer on a listing already sold, leaving it sold and the offer pending', async () => {
    const item = await listing();
    const conversation = await start(item.id);
    const offer = await post('offer', buyer, conversation.id, { price: 50 });
    await post('listing-status', seller, conversation.id, { status: 'sold' });
    const decided = await post('offer-decision', seller, conversation.id, {
      messageId: offer.body.id,
      decision: 'accept',
    });
    expect(decided.status).toBe(409);
    expect(decided.body.error.message).toBe(MESSAGES.listingNotAvailable);
    expect(await t.store.getItem(item.id)).toMatchObject({ state: 'sold', reserved: false });
    expect((await messagesOf(buyer, conversation.id)).data[1]?.offerStatus).toBe('pending');
  });
});

describe('the listing’s status from the conversation', () => {
  it.each([
    ['reserved', { state: 'active', reserved: true }, true],
    ['sold', { state: 'sold', reserved: false }, false],
    ['available', { state: 'active', reserved: false }, false],
  ] as const)('marks the listing %s', async (status, stored, reservedForBuyer) => {
    const item = await listing({ reserved: status === 'available' });
    const conversation = await start(item.id);
    const response = await post('listing-status', seller, conversation.id, { status });
    expect(response.status).toBe(200);
    expect(response.body.reservedForBuyer).toBe(reservedForBuyer);
    expect(await t.store.getItem(item.id)).toMatchObject(stored);
    expect((await messagesOf(buyer, conversation.id)).data.at(-1)?.kind).toBe('status');
  });

  it('refuses the buyer changing the listing', async () => {
    const conversation = await start((await listing()).id);
    expect((await post('listing-status', buyer, conversation.id, { status: 'sold' })).status).toBe(403);
  });
});

describe('blocking', () => {
  it('stops the blocked buyer sending, in this and new conversations, until unblocked', async () => {
    const item = await listing();
    const conversation = await start(item.id);
    expect((await post('block', seller, conversation.id, { blocked: true })).body.blocked).toBe(true);
    const refused = await post('messages', buyer, conversation.id, { text: 'Hello?' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.blockedBySeller);
    const other = await request(t.app)
      .post('/api/conversations')
      .set(auth(buyer))
      .send({ itemId: (await listing()).id, text: 'Hi' });
    expect(other.status).toBe(403);
    await post('block', seller, conversation.id, { blocked: false });
    expect((await post('messages', buyer, conversation.id, { text: 'Hello?' })).status).toBe(201);
  });

  it('covers the person: a second account reaching the blocked buyer’s inbox cannot start a conversation', async () => {
    const inbox = `bo.${randomUUID().slice(0, 8)}`;
    const [first, second] = await Promise.all(
      [`${inbox}+first@gmail.com`, `${inbox.replace('.', '')}+second@googlemail.com`].map(async (email) => {
        const user = await signUpTestUser('Bo Again', email);
        await request(t.app).post('/api/account').set(auth(user));
        return user;
      }),
    );
    const conversation = await start((await listing()).id, 'Hi', first);
    await post('block', seller, conversation.id, { blocked: true });
    const refused = await request(t.app)
      .post('/api/conversations')
      .set(auth(second!))
      .send({ itemId: (await listing()).id, text: 'Hi' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.blockedBySeller);
    await post('block', seller, conversation.id, { blocked: false });
    expect((await start((await listing()).id, 'Hi', second)).buyer).toBe(second!.uid);
  });

  it('is the seller’s alone', async () => {
    const conversation = await start((await listing()).id);
    expect((await post('block', buyer, conversation.id, { blocked: true })).status).toBe(403);
  });
});
