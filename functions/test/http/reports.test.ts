/**
 * POST /api/reports against the attack of issue 40: three throwaway reporters (anonymous
 * sessions, unverified addresses, accounts made a minute ago) each report a listing, and it must
 * stay in search and on its page, waiting for a moderator. Only reports from three verified
 * accounts at least a day old hide it, and then only until a moderator decides.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES, REPORTER_MIN_ACCOUNT_AGE_MS, REPORTS_TO_HIDE } from '@flipstage/core';
import { signUpTestUser, verifyTestUserEmail, type TestUser } from '../helpers/emulatorUsers.js';
import { backdateTestUser, establishedUser, freshVerifiedUser, moderatorUser } from '../helpers/reporters.js';
import { auth, useReportSuite } from '../helpers/reportSuite.js';
import { linkTestVisitor, signInTestVisitor } from '../helpers/visitors.js';

const s = useReportSuite();
const three = (make: () => Promise<TestUser>) => Promise.all(Array.from({ length: REPORTS_TO_HIDE }, make));

describe('reporters who cannot take a listing down', () => {
  it('refuses three anonymous sessions, and the listing stays in search and on its page', async () => {
    const item = await s.listing();
    for (const visitor of await three(signInTestVisitor)) {
      const response = await s.report(visitor, item.id);
      expect([response.status, response.body.error.message]).toEqual([403, MESSAGES.reportNeedsAccount]);
    }
    expect(await s.visible(item)).toEqual({ inSearch: true, page: 200 });
  });

  it('refuses three unverified accounts, and the listing stays in search and on its page', async () => {
    const item = await s.listing();
    for (const reporter of await three(() => signUpTestUser())) {
      const response = await s.report(reporter, item.id);
      expect([response.status, response.body.error.message]).toEqual([403, MESSAGES.reportNeedsVerifiedEmail]);
    }
    expect(await s.visible(item)).toEqual({ inSearch: true, page: 200 });
  });

  it('queues three verified accounts made a minute ago, and the listing stays in search and on its page', async () => {
    const item = await s.listing();
    for (const reporter of await three(freshVerifiedUser)) {
      const response = await s.report(reporter, item.id);
      expect([response.status, response.body.status]).toEqual([201, 'pending']);
    }
    expect(await s.visible(item)).toEqual({ inSearch: true, page: 200 });
    const queued = await s.queued(await moderatorUser(), item.id);
    expect(queued?.status).toBe('pending');
    expect(queued?.reports.map((report) => report.counts)).toEqual([false, false, false]);
  });

  it('keeps a listing up when only two of its three verified reporters are a day old', async () => {
    const item = await s.listing();
    for (const reporter of [await establishedUser(s.t), await freshVerifiedUser(), await establishedUser(s.t)])
      expect((await s.report(reporter, item.id)).status).toBe(201);
    expect(await s.visible(item)).toEqual({ inSearch: true, page: 200 });
  });

  it('does not count a visitor’s session made two days ago and linked to a verified address a minute ago', async () => {
    const visitor = await signInTestVisitor();
    await backdateTestUser(visitor, 2 * REPORTER_MIN_ACCOUNT_AGE_MS);
    const linked = await verifyTestUserEmail(await linkTestVisitor(visitor));
    await request(s.t.app).post('/api/account').set(auth(linked));
    const item = await s.listing();
    for (const reporter of [await establishedUser(s.t), linked, await establishedUser(s.t)])
      expect((await s.report(reporter, item.id)).status).toBe(201);
    expect(await s.visible(item)).toEqual({ inSearch: true, page: 200 });
    const queued = await s.queued(await moderatorUser(), item.id);
    expect(queued?.reports.find((report) => report.reporter === linked.uid)?.counts).toBe(false);
  });

  it('counts one account reporting the same listing twice once', async () => {
    const item = await s.listing();
    const reporter = await establishedUser(s.t);
    await s.report(reporter, item.id);
    const again = await s.report(reporter, item.id);
    expect([again.status, again.body.error.message]).toEqual([409, MESSAGES.alreadyReported]);
  });
});

describe('reporters whose reports hide a listing until a moderator decides', () => {
  it(`hides a listing reported by ${REPORTS_TO_HIDE} verified accounts at least a day old`, async () => {
    const item = await s.listing();
    const statuses = [];
    for (const reporter of await three(() => establishedUser(s.t)))
      statuses.push((await s.report(reporter, item.id)).body.status);
    expect(statuses).toEqual(['pending', 'pending', 'hidden']);
    expect(await s.visible(item)).toEqual({ inSearch: false, page: 404 });
    expect((await s.queued(await moderatorUser(), item.id))?.status).toBe('hidden');
  });

  it('shows the seller their hidden listing, and emails them once', async () => {
    const item = await s.listing();
    for (const reporter of await three(() => establishedUser(s.t))) await s.report(reporter, item.id);
    const own = await s.ownListings(s.seller);
    expect(own.body.data).toContainEqual(expect.objectContaining({ itemId: item.id, status: 'hidden', reason: null }));
    const notices = s.sellerNotices().filter((notice) => notice.subject.includes(item.title));
    expect(notices.map((notice) => notice.subject)).toEqual([
      `Your listing “${item.title}” is hidden while we review it`,
    ]);
  });
});

describe('what a report may be', () => {
  it('refuses a reason with a control character', async () => {
    const item = await s.listing();
    const response = await s.report(await establishedUser(s.t), item.id, 'Spam\u0000');
    expect([response.status, response.body.error.message]).toEqual([400, MESSAGES.controlCharacters('The reason')]);
  });

  it('refuses the seller reporting their own listing', async () => {
    const seller = await freshVerifiedUser();
    const response = await s.report(seller, (await s.listing(seller.uid)).id);
    expect([response.status, response.body.error.message]).toEqual([403, MESSAGES.ownListingMessage]);
  });

  it('takes a report of a message from a participant of its conversation, and refuses it from anyone else', async () => {
    const item = await s.listing();
    const buyer = await freshVerifiedUser();
    const conversation = await s.t.store.openConversation({
      id: `c-${buyer.uid}`,
      itemId: item.id,
      itemTitle: item.title,
      itemThumb: null,
      buyer: buyer.uid,
      seller: s.seller.uid,
      participants: [buyer.uid, s.seller.uid],
      buyerName: null,
      sellerName: null,
      lastMessage: null,
      updated_at: new Date().toISOString(),
      unread: {},
      blocked: false,
      reservedForBuyer: false,
    });
    const body = { itemId: item.id, conversationId: conversation.id, messageId: 'm1', reason: 'Rude' };
    const as = (user: TestUser) => request(s.t.app).post('/api/reports').set(auth(user)).send(body);
    expect((await as(buyer)).status).toBe(201);
    expect((await as(await freshVerifiedUser())).status).toBe(403);
  });

  it('answers a listing that does not exist, or that reports have hidden, as not found', async () => {
    const reporter = await establishedUser(s.t);
    expect((await s.report(reporter, 'no-such-listing')).status).toBe(404);
    const hidden = await s.listing();
    for (const other of await three(() => establishedUser(s.t))) await s.report(other, hidden.id);
    expect((await s.report(reporter, hidden.id)).status).toBe(404);
  });
});

describe('local mode', () => {
  const local = useReportSuite({ verifiedEmailRequired: false });

  it('counts a signed-up account as verified, with no email to confirm', async () => {
    const item = await local.listing();
    expect((await local.report(await signUpTestUser(), item.id)).status).toBe(201);
  });

  it('still refuses an anonymous session', async () => {
    const item = await local.listing();
    expect((await local.report(await signInTestVisitor(), item.id)).status).toBe(403);
  });
});
