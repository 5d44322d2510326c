/**
 * The conversation API suites' setting: one test app with a seller, a buyer and an outsider who
 * have accounts, listings stored directly, and the calls the suites make as one of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Conversation, Message } from '@flipstage/core';
import type { ItemDoc, MailNotice } from '../../src/ports/store.js';
import { makeItemDoc } from '../contracts/storeContract.js';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from './testApp.js';
import { signUpTestUser, type TestUser } from './emulatorUsers.js';

export const auth = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

export interface ConversationParties {
  t: TestApp;
  seller: TestUser;
  buyer: TestUser;
  outsider: TestUser;
  /** A new user with an account. */
  newUser(): Promise<TestUser>;
  /** A listing of the seller's, stored directly. */
  listing(overrides?: Partial<ItemDoc>): Promise<ItemDoc>;
  /** POST /api/conversations as the buyer (or `user`), expecting 201. */
  start(itemId: string, text?: string, user?: TestUser): Promise<Conversation>;
  /** POST /api/conversations/<path>?id=. */
  post(path: string, user: TestUser, id: string, body: object): request.Test;
  messagesOf(user: TestUser, id: string): Promise<{ conversation: Conversation; data: Message[] }>;
  /** Every email notice written so far. */
  outbox(): MailNotice[];
}

/** Fields are filled in beforeAll: read them inside tests. */
export function useConversationParties(): ConversationParties {
  const parties = {
    async newUser() {
      const user = await signUpTestUser();
      await request(parties.t.app).post('/api/account').set(auth(user));
      return user;
    },
    listing: (overrides: Partial<ItemDoc> = {}) =>
      parties.t.store.createItem(makeItemDoc({ owner: parties.seller.uid, title: 'Walnut dresser', ...overrides })),
    async start(itemId: string, text = 'Is it still available?', user = parties.buyer) {
      const response = await request(parties.t.app).post('/api/conversations').set(auth(user)).send({ itemId, text });
      expect(response.status).toBe(201);
      return response.body as Conversation;
    },
    post: (path: string, user: TestUser, id: string, body: object) =>
      request(parties.t.app).post(`/api/conversations/${path}?id=${id}`).set(auth(user)).send(body),
    async messagesOf(user: TestUser, id: string) {
      const response = await request(parties.t.app).get(`/api/conversations/messages?id=${id}`).set(auth(user));
      return response.body as { conversation: Conversation; data: Message[] };
    },
    outbox() {
      const dir = parties.t.outboxDir;
      if (!existsSync(dir)) return [];
      return readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as MailNotice);
    },
  } as ConversationParties;

  beforeAll(async () => {
    parties.t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS });
    [parties.seller, parties.buyer, parties.outsider] = await Promise.all([
      signUpTestUser('Sam Seller'),
      signUpTestUser('Bo Buyer'),
      signUpTestUser(),
    ]);
    await Promise.all(
      [parties.seller, parties.buyer, parties.outsider].map((user) =>
        request(parties.t.app).post('/api/account').set(auth(user)),
      ),
    );
  });
  afterAll(() => parties.t.close());
  return parties;
}
