/**
 * The stage bookkeeping part of the Store port: one record per (account, Idempotency-Key), so a
 * retried POST /api/stage never pays twice. What a begin, a completion or a failure does is
 * decided by CreditRules from the record and the balance read inside the transaction.
 */
import type { ImageEdit, StageProgress } from '@flipstage/core';
import type { CreditDecision, CreditResult, LedgerPosting } from './ledger.js';

/** inputUrl and outputUrl hold the files' blob paths (results recorded before held URLs). */
export interface StageResult {
  editId: string;
  inputUrl: string;
  outputUrl: string;
}

/** customers/{uid}/stage_requests/{key} as the rules see it. */
export interface StageRecord {
  attemptId: string;
  status: 'pending' | 'completed';
  /** Epoch ms. */
  startedAt: number;
  /** Set once completed. */
  result: StageResult | null;
}

/** The outcome of beginStage: a fresh attempt (credit debited), or a key seen before. */
export type StageBegin =
  | { kind: 'started'; attemptId: string; creditsRemaining: number }
  | { kind: 'completed'; result: StageResult; creditsRemaining: number }
  | { kind: 'in-progress' };

export interface BeginStageInput {
  uid: string;
  /** The Idempotency-Key, scoped to the account. */
  key: string;
  /** A fresh id for this attempt; the ledger refs are derived from it. */
  attemptId: string;
  /** A pending attempt older than this (epoch ms) is treated as crashed: refunded and restarted. */
  staleBefore: number;
}

/** What beginStage read: the key's record, if any, and the balance. */
export interface StageBeginState extends BeginStageInput {
  stage: StageRecord | null;
  balance: number;
  /** Epoch ms, the start time of a new attempt. */
  now: number;
}

export type StageBeginDecision =
  /** The key completed before: its first result, no debit. */
  | { kind: 'replay'; result: StageResult }
  /** Another request holds the key. */
  | { kind: 'in-progress' }
  /** A new key: debit and record the pending attempt. */
  | { kind: 'begin'; debit: LedgerPosting; pending: StageRecord }
  /** The key's attempt crashed: refund it, then debit and record this one in its place. */
  | { kind: 'restart'; refund: LedgerPosting; debit: LedgerPosting; pending: StageRecord }
  /** The store throws InsufficientCredits and records nothing. */
  | { kind: 'insufficient' };

export interface StageCompletionState {
  stage: StageRecord | null;
  attemptId: string;
  result: StageResult;
}

export type StageCompletionDecision =
  | { kind: 'complete'; completed: StageRecord }
  /** The attempt no longer holds the key (refunded, or taken over): the store throws. */
  | { kind: 'not-pending' };

export interface StageRefundState {
  uid: string;
  attemptId: string;
  stage: StageRecord | null;
  balance: number;
  /** Whether the ledger holds this attempt's refund ref (CreditRules.refundRef) already. */
  refundPosted: boolean;
}

export interface StageRefundDecision {
  /** Drop the key's record, so a retry starts over; only while this attempt still holds it. */
  forget: boolean;
  refund: CreditDecision;
}

/** The staging state machine's part of the credit rules (services/stageLedger.ts). */
export interface StageRules {
  beginStage(state: StageBeginState): StageBeginDecision;
  completeStage(state: StageCompletionState): StageCompletionDecision;
  failStage(state: StageRefundState): StageRefundDecision;
  /** The ledger ref of an attempt's refund, which the store reads before failStage decides. */
  refundRef(attemptId: string): string;
}

export interface StageStore {
  /**
   * Stage bookkeeping for (uid, key), one transaction, as `rules` decide: a new key debits 1
   * credit and records a pending attempt; a completed key returns its result; a pending key
   * answers in-progress unless stale (then it is refunded and restarted). Throws InsufficientCredits.
   */
  beginStage(input: BeginStageInput, rules: StageRules): Promise<StageBegin>;
  /**
   * Records the image edit and marks the attempt completed, in one transaction. A `held` edit (a
   * signed-out visitor's, ports/trials.ts) is kept aside instead, not among the image edits.
   */
  completeStage(
    input: { uid: string; key: string; attemptId: string; edit: ImageEdit; held?: boolean },
    rules: StageRules,
  ): Promise<StageResult>;
  /** Refunds the attempt's credit and forgets the key, so a retry starts over; a second call changes nothing. */
  failStage(input: { uid: string; key: string; attemptId: string }, rules: StageRules): Promise<CreditResult>;
  /** Pending attempts started before `startedBefore`, oldest first: a crashed or killed request never refunded them. */
  listStaleStages(
    startedBefore: number,
    limit: number,
  ): Promise<Array<{ uid: string; key: string; attemptId: string }>>;
  /** The completed result for a key, if any (used while waiting for an in-progress duplicate). */
  getStage(uid: string, key: string): Promise<{ status: 'pending' | 'completed'; result: StageResult | null } | null>;
  /**
   * Notes how far the key's attempt has got, where any instance can read it; nothing changes once
   * the attempt no longer holds the key (completed, refunded or taken over).
   */
  recordStageProgress(input: { uid: string; key: string; attemptId: string; progress: StageProgress }): Promise<void>;
  /** How far the key's staging has got: `done` once completed; null for a key the account does not hold. */
  getStageProgress(uid: string, key: string): Promise<StageProgress | null>;
}
