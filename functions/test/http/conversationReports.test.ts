/** Reports, email notices and the live event stream of the conversations API. */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestApp } from '../helpers/testApp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REPORTS_TO_HIDE } from '@flipstage/core';
import { auth, useConversationParties } from '../helpers/conversationParties.js';
import type { TestApp } from '../helpers/testApp.js';
import type { TestUser } from '../helpers/emulatorUsers.js';

const p = useConversationParties();
const { listing, start, post, messagesOf } = p;
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let outsider: TestUser;
beforeAll(() => {
  ({ t, seller, buyer, outsider } = p);
});

describe('reports', () => {
  const report = (user: TestUser, body: object) => request(t.app).post('/api/reports').set(auth(user)).send(body);

  it(`hides a listing reported by ${REPORTS_TO_HIDE} different users`, async () => {
    const item = await listing();
    const reporters = await Promise.all(Array.from({ length: REPORTS_TO_HIDE }, () => p.newUser()));
    for (const [i, reporter] of reporters.entries()) {
      expect((await report(reporter, { itemId: item.id, reason: 'Looks like a scam' })).status).toBe(201);
      expect((await t.store.getItem(item.id))?.hidden).toBe(i === REPORTS_TO_HIDE - 1);
    }
  });

  it('takes a hidden listing off its page for everyone but its owner', async () => {
    const item = await listing();
    await t.store.hideItem(item.id);
    const detail = (user?: TestUser) => {
      const req = request(t.app).get(`/api/marketplace-get-item?id=${item.id}`);
      return user ? req.set(auth(user)) : req;
    };
    expect([(await detail()).status, (await detail(buyer)).status, (await detail(seller)).status]).toEqual([404, 404, 200]);
  });

  it('refuses the same user reporting the same listing twice', async () => {
    const item = await listing();
    await report(outsider, { itemId: item.id, reason: 'Spam' });
    const again = await report(outsider, { itemId: item.id, reason: 'Spam' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGES.alreadyReported);
  });

  it('takes a report of a message from a participant, and refuses it from an outsider', async () => {
    const item = await listing();
    const conversation = await start(item.id);
    const message = (await messagesOf(seller, conversation.id)).data[0]!;
    const body = { itemId: item.id, conversationId: conversation.id, messageId: message.id, reason: 'Rude' };
    expect((await report(seller, body)).status).toBe(201);
    expect((await report(outsider, body)).status).toBe(403);
  });
});

describe('email notices', () => {
  it('writes one notice to the seller within the window, however many messages arrive', async () => {
    const item = await listing({ title: 'Teak sideboard' });
    const conversation = await start(item.id, 'First');
    await post('messages', buyer, conversation.id, { text: 'Second' });
    const notices = p.outbox().filter((notice) => notice.text.includes(`/messages/${conversation.id}`));
    expect(notices).toEqual([
      expect.objectContaining({ to: seller.email, subject: 'New message about “Teak sideboard” on FlipStage' }),
    ]);
    expect(notices[0]!.text).toContain('First');
    expect(notices[0]!.text).toContain(`${t.config.siteOrigins[0]}/messages/${conversation.id}`);
  });

  it('writes the buyer their own notice when the seller answers', async () => {
    const conversation = await start((await listing()).id);
    await post('messages', seller, conversation.id, { text: 'Yes' });
    const recipients = p.outbox()
      .filter((notice) => notice.text.includes(`/messages/${conversation.id}`))
      .map((notice) => notice.to);
    expect(recipients.sort()).toEqual([buyer.email, seller.email].sort());
  });

  it('writes no notice between a blocked pair', async () => {
    const blockedBuyer = await p.newUser();
    const conversation = await start((await listing()).id, 'Hi', blockedBuyer);
    await post('block', seller, conversation.id, { blocked: true });
    await post('messages', seller, conversation.id, { text: 'Please stop' });
    const recipients = p.outbox()
      .filter((notice) => notice.text.includes(`/messages/${conversation.id}`))
      .map((notice) => notice.to);
    expect(recipients).toEqual([seller.email]);
  });
});

describe('GET /api/conversations/events', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is not served where the app reads Firestore live (Firebase mode)', async () => {
    const firebaseLike = await createTestApp({ conversationEvents: false });
    try {
      const response = await request(firebaseLike.app).get(`/api/conversations/events?token=${seller.idToken}`);
      expect(response.status).toBe(404);
    } finally {
      await firebaseLike.close();
    }
  });

  it('refuses a stream without a token', async () => {
    expect((await request(t.app).get('/api/conversations/events')).status).toBe(401);
  });

  it('tells the seller’s open stream which conversation changed', async () => {
    const conversation = await start((await listing()).id);
    const received = new Promise<string>((resolve, reject) => {
      const req = get(`http://127.0.0.1:${port}/api/conversations/events?token=${seller.idToken}`, (res) => {
        if (!res.headers['content-type']?.startsWith('text/event-stream')) reject(new Error(`status ${res.statusCode}`));
        let text = '';
        let sent = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // The stream is open once its first comment arrives: only then is a change heard.
          if (!sent) {
            sent = true;
            post('messages', buyer, conversation.id, { text: 'Live?' }).then(() => undefined, reject);
          }
          if (!text.includes('event: conversation')) return;
          req.destroy();
          resolve(text);
        });
      });
      req.on('error', reject);
    });
    expect(await received).toContain(`event: conversation\ndata: ${conversation.id}\n\n`);
  });
});
