/** Email notices and the live event stream of the conversations API (reports: reports.test.ts). */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestApp } from '../helpers/testApp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useConversationParties } from '../helpers/conversationParties.js';
import type { TestApp } from '../helpers/testApp.js';
import type { TestUser } from '../helpers/emulatorUsers.js';

const p = useConversationParties();
const { listing, start, post } = p;
let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
beforeAll(() => {
  ({ t, seller, buyer } = p);
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
