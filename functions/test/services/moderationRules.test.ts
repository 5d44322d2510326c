/** The decisions of issue 40: who may report, whose reports count, and what a report does to a listing. */
import { describe, expect, it } from 'vitest';
import { REPORTER_MIN_ACCOUNT_AGE_MS, REPORTS_TO_HIDE } from '@flipstage/core';
import type { VerifiedIdentity } from '../../src/ports/identity.js';
import { MODERATION_RULES, reporterStanding, sellerNoticeOf } from '../../src/services/moderationRules.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const madeAgo = (ms: number) => new Date(NOW - ms).toISOString();

function reporter(overrides: Partial<VerifiedIdentity> = {}): VerifiedIdentity {
  return {
    uid: 'r1',
    email: 'r@example.com',
    emailVerified: true,
    signInProvider: 'password',
    providerAccounts: [],
    accountCreatedAt: madeAgo(2 * REPORTER_MIN_ACCOUNT_AGE_MS),
    moderator: false,
    ...overrides,
  };
}

const firebaseMode = { now: NOW, needVerifiedEmail: true, signedUpAt: madeAgo(2 * REPORTER_MIN_ACCOUNT_AGE_MS) };

describe('reporterStanding', () => {
  it('refuses a visitor’s anonymous session, in either mode', () => {
    const visitor = reporter({ signInProvider: 'anonymous', email: null, emailVerified: false });
    expect(reporterStanding(visitor, firebaseMode)).toBe('visitor');
    expect(reporterStanding(visitor, { ...firebaseMode, needVerifiedEmail: false })).toBe('visitor');
  });

  it('refuses an unverified address where a verified one is needed', () => {
    expect(reporterStanding(reporter({ emailVerified: false }), firebaseMode)).toBe('unverified');
  });

  it('takes an unverified signed-up account where none is needed (local mode)', () => {
    expect(reporterStanding(reporter({ emailVerified: false }), { ...firebaseMode, needVerifiedEmail: false })).toBe(
      'established',
    );
  });

  it('queues a verified account younger than a day without counting it', () => {
    const young = reporter({ accountCreatedAt: madeAgo(REPORTER_MIN_ACCOUNT_AGE_MS - 1) });
    expect(reporterStanding(young, firebaseMode)).toBe('new');
  });

  it('counts a verified account from the moment it is a day old', () => {
    const aDay = reporter({ accountCreatedAt: madeAgo(REPORTER_MIN_ACCOUNT_AGE_MS) });
    expect(reporterStanding(aDay, firebaseMode)).toBe('established');
  });

  it('judges an account whose creation time Auth does not give as new', () => {
    expect(reporterStanding(reporter({ accountCreatedAt: null }), firebaseMode)).toBe('new');
  });

  it('counts a linked visitor’s age from its sign-up, not from its anonymous start', () => {
    const linkedToday = { ...firebaseMode, signedUpAt: madeAgo(60_000) };
    expect(reporterStanding(reporter(), linkedToday)).toBe('new');
  });

  it('judges an account with no sign-up on record as new', () => {
    expect(reporterStanding(reporter(), { ...firebaseMode, signedUpAt: null })).toBe('new');
  });
});

describe('MODERATION_RULES.afterReport', () => {
  it(`keeps a listing up until ${REPORTS_TO_HIDE} established reporters have reported it`, () => {
    expect(MODERATION_RULES.afterReport(null, 0)).toBe('pending');
    expect(MODERATION_RULES.afterReport('pending', REPORTS_TO_HIDE - 1)).toBe('pending');
  });

  it(`hides it at ${REPORTS_TO_HIDE}`, () => {
    expect(MODERATION_RULES.afterReport('pending', REPORTS_TO_HIDE)).toBe('hidden');
  });

  it('hides a restored listing again only on as many new reports', () => {
    expect(MODERATION_RULES.afterReport('restored', REPORTS_TO_HIDE - 1)).toBe('pending');
    expect(MODERATION_RULES.afterReport('restored', REPORTS_TO_HIDE)).toBe('hidden');
  });

  it('leaves a hidden listing hidden and a removed one removed, whatever the count', () => {
    expect(MODERATION_RULES.afterReport('hidden', 0)).toBe('hidden');
    expect(MODERATION_RULES.afterReport('removed', 0)).toBe('removed');
  });
});

describe('sellerNoticeOf', () => {
  it('tells the seller when the listing leaves the marketplace', () => {
    expect(sellerNoticeOf('pending', 'hidden')).toBe('hidden');
    expect(sellerNoticeOf(null, 'removed')).toBe('removed');
    expect(sellerNoticeOf('hidden', 'removed')).toBe('removed');
  });

  it('tells the seller when a moderator brings it back', () => {
    expect(sellerNoticeOf('hidden', 'restored')).toBe('restored');
    expect(sellerNoticeOf('removed', 'restored')).toBe('restored');
  });

  it('says nothing of reports the seller never saw the effect of', () => {
    expect(sellerNoticeOf(null, 'pending')).toBeNull();
    expect(sellerNoticeOf('pending', 'restored')).toBeNull();
    expect(sellerNoticeOf('hidden', 'hidden')).toBeNull();
  });
});
