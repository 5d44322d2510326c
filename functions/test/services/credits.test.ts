/** The credit rules as pure decisions: what each store call writes, given what it read. */
import { describe, expect, it } from 'vitest';
import type {
  StageBeginState,
  StageRecord,
  SubscriptionSyncState,
  SyncSubscriptionEffect,
} from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { decideCredit, decideSignupGrant, decideSubscriptionSync, nextBalance } from '../../src/services/credits.js';
import { decideStageBegin, decideStageCompletion, decideStageRefund } from '../../src/services/stageLedger.js';

const result = { editId: 'e1', inputUrl: 'https://files.example/in.jpg', outputUrl: 'https://files.example/out.jpg' };
const pending = (attemptId: string, startedAt: number): StageRecord => ({
  attemptId,
  status: 'pending',
  startedAt,
  result: null,
});
const completed = (attemptId: string): StageRecord => ({ attemptId, status: 'completed', startedAt: 1_000, result });

describe('nextBalance', () => {
  it('adds a grant to the balance', () => {
    expect(nextBalance(3, 25)).toBe(28);
  });

  it('lets a debit take the balance to exactly 0', () => {
    expect(nextBalance(1, -1)).toBe(0);
  });

  it('refuses a debit that would take the balance below 0', () => {
    expect(nextBalance(2, -3)).toBeNull();
  });
});

describe('decideCredit', () => {
  const debit = { uid: 'u1', delta: -1, reason: 'stage' as const, ref: 'stage:a1' };

  it('posts a change with the balance it leaves', () => {
    expect(decideCredit(debit, 5, false)).toEqual({
      kind: 'post',
      entry: { delta: -1, reason: 'stage', ref: 'stage:a1', balanceAfter: 4 },
    });
  });

  it('changes nothing for a ref the ledger holds already', () => {
    expect(decideCredit({ ...debit, delta: 25, reason: 'subscription' }, 5, true)).toEqual({ kind: 'already-posted' });
  });

  it('answers a replayed debit as posted even when the balance could no longer pay it', () => {
    expect(decideCredit(debit, 0, true)).toEqual({ kind: 'already-posted' });
  });

  it('refuses a debit the balance cannot pay', () => {
    expect(decideCredit(debit, 0, false)).toEqual({ kind: 'insufficient' });
  });
});

describe('decideSignupGrant', () => {
  it('grants the sign-up credits under the signup ref to an account that never had them', () => {
    expect(decideSignupGrant({ uid: 'u1', signupCredits: 10, balance: 0, grantedAt: null, grantedToOther: false })).toEqual({
      kind: 'post',
      entry: { delta: 10, reason: 'signup', ref: 'signup', balanceAfter: 10 },
    });
  });

  it('grants nothing once the account records a sign-up grant', () => {
    const state = { uid: 'u1', signupCredits: 10, balance: 4, grantedAt: '2026-01-01T00:00:00.000Z', grantedToOther: false };
    expect(decideSignupGrant(state)).toEqual({ kind: 'already-posted' });
  });

  it('grants nothing to a person who had the credits under another account, and settles the grant', () => {
    const state = { uid: 'u2', signupCredits: 10, balance: 0, grantedAt: null, grantedToOther: true };
    expect(decideSignupGrant(state)).toEqual({ kind: 'person-granted' });
  });
});

describe('decideStageBegin', () => {
  const begin = (overrides: Partial<StageBeginState>): StageBeginState => ({
    uid: 'u1',
    key: 'k1',
    attemptId: 'a2',
    staleBefore: 5_000,
    now: 9_000,
    balance: 3,
    stage: null,
    ...overrides,
  });

  it('debits one credit under the attempt’s ref and records it pending from now, for a new key', () => {
    expect(decideStageBegin(begin({}))).toEqual({
      kind: 'begin',
      debit: { delta: -1, reason: 'stage', ref: 'stage:a2', balanceAfter: 2 },
      pending: { attemptId: 'a2', status: 'pending', startedAt: 9_000, result: null },
    });
  });

  it('replays a completed key’s first result without a debit', () => {
    expect(decideStageBegin(begin({ stage: completed('a1') }))).toEqual({ kind: 'replay', result });
  });

  it('answers in-progress for a pending attempt started at or after staleBefore', () => {
    expect(decideStageBegin(begin({ stage: pending('a1', 5_000) }))).toEqual({ kind: 'in-progress' });
  });

  it('refunds a stale pending attempt, then debits and records the new one in its place', () => {
    expect(decideStageBegin(begin({ stage: pending('a1', 4_999), balance: 0 }))).toEqual({
      kind: 'restart',
      refund: { delta: 1, reason: 'refund', ref: 'refund:a1', balanceAfter: 1 },
      debit: { delta: -1, reason: 'stage', ref: 'stage:a2', balanceAfter: 0 },
      pending: { attemptId: 'a2', status: 'pending', startedAt: 9_000, result: null },
    });
  });

  it('takes over a stale record marked completed without a result instead of replaying it', () => {
    const broken: StageRecord = { attemptId: 'a1', status: 'completed', startedAt: 1_000, result: null };
    expect(decideStageBegin(begin({ stage: broken })).kind).toBe('restart');
  });

  it('refuses a new key when no credit is left', () => {
    expect(decideStageBegin(begin({ balance: 0 }))).toEqual({ kind: 'insufficient' });
  });
});

describe('decideStageCompletion', () => {
  it('completes the pending attempt that holds the key, with its result', () => {
    expect(decideStageCompletion({ stage: pending('a1', 1_000), attemptId: 'a1', result })).toEqual({
      kind: 'complete',
      completed: { attemptId: 'a1', status: 'completed', startedAt: 1_000, result },
    });
  });

  it('refuses an attempt whose key another attempt has taken over', () => {
    expect(decideStageCompletion({ stage: pending('a2', 1_000), attemptId: 'a1', result })).toEqual({
      kind: 'not-pending',
    });
  });

  it('refuses an attempt that completed already', () => {
    expect(decideStageCompletion({ stage: completed('a1'), attemptId: 'a1', result }).kind).toBe('not-pending');
  });

  it('refuses an attempt whose key was forgotten', () => {
    expect(decideStageCompletion({ stage: null, attemptId: 'a1', result }).kind).toBe('not-pending');
  });
});

describe('decideStageRefund', () => {
  const refund = { uid: 'u1', attemptId: 'a1', balance: 2, refundPosted: false };

  it('refunds the attempt’s credit and forgets the key it holds, so a retry starts over', () => {
    expect(decideStageRefund({ ...refund, stage: pending('a1', 1_000) })).toEqual({
      forget: true,
      refund: { kind: 'post', entry: { delta: 1, reason: 'refund', ref: 'refund:a1', balanceAfter: 3 } },
    });
  });

  it('keeps the key a newer attempt took over, and still refunds', () => {
    const decision = decideStageRefund({ ...refund, stage: pending('a2', 9_000) });
    expect(decision.forget).toBe(false);
    expect(decision.refund.kind).toBe('post');
  });

  it('refunds nothing a second time', () => {
    expect(decideStageRefund({ ...refund, stage: null, refundPosted: true })).toEqual({
      forget: false,
      refund: { kind: 'already-posted' },
    });
  });

  it('posts under the ref the store is told to look for', () => {
    const decision = decideStageRefund({ ...refund, stage: null });
    expect(decision.refund).toMatchObject({ entry: { ref: CREDIT_RULES.refundRef('a1') } });
  });
});

describe('decideSubscriptionSync', () => {
  const effect = (overrides: Partial<SyncSubscriptionEffect> = {}): SyncSubscriptionEffect => ({
    kind: 'sync-subscription',
    stripeCustomerId: 'cus_1',
    subscriptionId: 'sub_1',
    status: 'active',
    priceId: 'price_b',
    stateAt: 2_000,
    heldBefore: 'sub_1',
    trialGrant: null,
    ...overrides,
  });
  const sync = (overrides: Partial<SubscriptionSyncState>): SubscriptionSyncState => ({
    uid: 'u1',
    effect: effect(),
    held: 'sub_1',
    storedAt: 1_000,
    balance: 10,
    trialPosted: false,
    ...overrides,
  });

  it('applies a state of the held subscription read later than the stored one', () => {
    expect(decideSubscriptionSync(sync({}))).toEqual({ kind: 'apply', trial: null });
  });

  it('keeps the stored state when the incoming one was read earlier', () => {
    expect(decideSubscriptionSync(sync({ storedAt: 3_000 }))).toEqual({ kind: 'keep-stored' });
  });

  it('applies a state read at the same time as the stored one', () => {
    expect(decideSubscriptionSync(sync({ storedAt: 2_000 })).kind).toBe('apply');
  });

  it('applies the first state an account holds', () => {
    expect(
      decideSubscriptionSync(sync({ held: null, storedAt: null, effect: effect({ heldBefore: null }) })).kind,
    ).toBe('apply');
  });

  it('replaces the held subscription with the one decided against it, whatever the stored read time', () => {
    const replacing = effect({ subscriptionId: 'sub_2', heldBefore: 'sub_1', stateAt: 500 });
    expect(decideSubscriptionSync(sync({ effect: replacing, storedAt: 5_000 })).kind).toBe('apply');
  });

  it('voids a decision made against a subscription the account no longer holds', () => {
    const raced = effect({ subscriptionId: 'sub_3', heldBefore: null });
    expect(decideSubscriptionSync(sync({ effect: raced }))).toEqual({ kind: 'held-changed' });
  });

  it('brings the trial grant with an applied state', () => {
    const trialing = effect({ status: 'trialing', trialGrant: { delta: 450, ref: 'trial' } });
    expect(decideSubscriptionSync(sync({ effect: trialing }))).toEqual({
      kind: 'apply',
      trial: { kind: 'post', entry: { delta: 450, reason: 'subscription', ref: 'trial', balanceAfter: 460 } },
    });
  });

  it('grants the trial once per account', () => {
    const trialing = effect({ status: 'trialing', trialGrant: { delta: 450, ref: 'trial' } });
    expect(decideSubscriptionSync(sync({ effect: trialing, trialPosted: true }))).toEqual({
      kind: 'apply',
      trial: { kind: 'already-posted' },
    });
  });
});
