/**
 * The reports and moderation API suites' setting: one test app with Firebase mode's reporting rule
 * (a verified email is required) unless a suite asks for local mode's, a seller with an account
 * (their email gets the notices), listings stored directly with real search terms, and the calls
 * the suites make as one user or another.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { itemTerms, type ItemsPage, type ModerationDecision, type ReportedListing } from '@flipstage/core';
import type { AppConfig } from '../../src/config.js';
import type { ItemDoc, MailNotice } from '../../src/ports/store.js';
import { makeItemDoc } from '../contracts/storeContract.js';
import { createTestApp, WITHOUT_RATE_LIMITS, type TestApp } from './testApp.js';
import { signUpTestUser, verifyTestUserEmail, type TestUser } from './emulatorUsers.js';

export const auth = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

export interface ReportSuite {
  t: TestApp;
  seller: TestUser;
  /** A listing of the seller's (or `owner`'s), titled with a word no other listing has, so a search finds only it. */
  listing(owner?: string): Promise<ItemDoc>;
  /** POST /api/reports of the listing itself. */
  report(user: TestUser, itemId: string, reason?: string): request.Test;
  /** Whether a signed-out visitor finds the listing by its title and opens its page. */
  visible(item: ItemDoc): Promise<{ inSearch: boolean; page: number }>;
  /** The moderator's queue entry of the listing, if it is in the queue. */
  queued(moderator: TestUser, itemId: string): Promise<ReportedListing | undefined>;
  queue(user: TestUser): request.Test;
  decide(user: TestUser, decision: ModerationDecision): request.Test;
  ownListings(user: TestUser): request.Test;
  /** The notices sent to the seller so far. */
  sellerNotices(): MailNotice[];
}

/** Letters only: a word the stemmer leaves alone and no other listing's title holds. */
const uniqueWord = () =>
  `zz${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** Fields are filled in beforeAll: read them inside tests. */
export function useReportSuite(config: Partial<AppConfig> = { verifiedEmailRequired: true }): ReportSuite {
  const suite = {
    async listing(owner = suite.seller.uid) {
      const title = `Walnut ${uniqueWord()} dresser`;
      const doc = makeItemDoc({ owner, title, description: 'Solid walnut.', tags: [] });
      return suite.t.store.createItem({ ...doc, keywords: itemTerms(doc) });
    },
    report: (user: TestUser, itemId: string, reason = 'Looks like a scam') =>
      request(suite.t.app).post('/api/reports').set(auth(user)).send({ itemId, reason }),
    async visible(item: ItemDoc) {
      const word = item.title.split(' ')[1]!;
      const found = await request(suite.t.app).get('/api/marketplace-get-items').query({ search: word });
      const page = await request(suite.t.app).get('/api/marketplace-get-item').query({ id: item.id });
      return { inSearch: (found.body as ItemsPage).data.some((i) => i.id === item.id), page: page.status };
    },
    async queued(moderator: TestUser, itemId: string) {
      const response = await suite.queue(moderator);
      return (response.body as { data: ReportedListing[] }).data.find((entry) => entry.itemId === itemId);
    },
    queue: (user: TestUser) => request(suite.t.app).get('/api/moderation/reports').set(auth(user)),
    decide: (user: TestUser, decision: ModerationDecision) =>
      request(suite.t.app).post('/api/moderation/decision').set(auth(user)).send(decision),
    ownListings: (user: TestUser) => request(suite.t.app).get('/api/moderation/own-listings').set(auth(user)),
    sellerNotices() {
      const dir = suite.t.outboxDir;
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .sort()
        .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as MailNotice)
        .filter((notice) => notice.to === suite.seller.email);
    },
  } as ReportSuite;

  beforeAll(async () => {
    suite.t = await createTestApp({ fairUseRules: WITHOUT_RATE_LIMITS, config });
    // A seller's listing needs a verified address, and only a verified address is sent notices.
    suite.seller = await verifyTestUserEmail(await signUpTestUser('Sam Seller'));
    await request(suite.t.app).post('/api/account').set(auth(suite.seller));
  });
  afterAll(() => suite.t.close());
  return suite;
}
