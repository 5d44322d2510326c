/**
 * The stage bookkeeping rules (DESIGN §5): what beginStage, completeStage and failStage do with
 * the key's record and the balance read in the store's transaction. One credit per attempt, and a
 * retry never pays twice: a completed key is replayed, a live one waited for, and only a crashed
 * one (pending past staleBefore) is refunded and taken over.
 */
import { CREDITS_PER_IMAGE } from '@flipstage/core';
import type { LedgerPosting } from '../ports/ledger.js';
import type {
  StageBeginDecision,
  StageBeginState,
  StageCompletionDecision,
  StageCompletionState,
  StageRefundDecision,
  StageRefundState,
} from '../ports/stages.js';
import { decideCredit, nextBalance } from './credits.js';

/** Refs derive from the attempt, not the key, so each attempt is debited and refunded at most once. */
export const stageDebitRef = (attemptId: string): string => `stage:${attemptId}`;
export const stageRefundRef = (attemptId: string): string => `refund:${attemptId}`;

/**
 * Replays a completed key, answers in-progress for a fresh pending one, refunds and restarts a
 * stale one, and otherwise debits and begins; a debit the balance cannot pay is refused.
 */
export function decideStageBegin(state: StageBeginState): StageBeginDecision {
  const { stage } = state;
  if (stage?.status === 'completed' && stage.result) return { kind: 'replay', result: stage.result };
  if (stage && stage.startedAt >= state.staleBefore) return { kind: 'in-progress' };
  const pending = { attemptId: state.attemptId, status: 'pending' as const, startedAt: state.now, result: null };
  if (!stage) {
    const debit = stageDebit(state.attemptId, state.balance);
    return debit ? { kind: 'begin', debit, pending } : { kind: 'insufficient' };
  }
  // The earlier attempt crashed without completing or failing: its credit comes back first.
  const refund = posting(CREDITS_PER_IMAGE, 'refund', stageRefundRef(stage.attemptId), state.balance);
  const debit = refund && stageDebit(state.attemptId, refund.balanceAfter);
  return refund && debit ? { kind: 'restart', refund, debit, pending } : { kind: 'insufficient' };
}

/** Only the attempt that still holds the key, while pending, may complete it. */
export function decideStageCompletion(state: StageCompletionState): StageCompletionDecision {
  const { stage } = state;
  if (!stage || stage.attemptId !== state.attemptId || stage.status !== 'pending') return { kind: 'not-pending' };
  return { kind: 'complete', completed: { ...stage, status: 'completed', result: state.result } };
}

/**
 * A failed attempt gets its credit back once (its refund ref), and releases the key only if it
 * still holds it: after a stale takeover the key belongs to the newer attempt.
 */
export function decideStageRefund(state: StageRefundState): StageRefundDecision {
  const change = {
    uid: state.uid,
    delta: CREDITS_PER_IMAGE,
    reason: 'refund' as const,
    ref: stageRefundRef(state.attemptId),
  };
  return {
    forget: state.stage?.attemptId === state.attemptId,
    refund: decideCredit(change, state.balance, state.refundPosted),
  };
}

function stageDebit(attemptId: string, balance: number): LedgerPosting | null {
  return posting(-CREDITS_PER_IMAGE, 'stage', stageDebitRef(attemptId), balance);
}

function posting(delta: number, reason: LedgerPosting['reason'], ref: string, balance: number): LedgerPosting | null {
  const balanceAfter = nextBalance(balance, delta);
  return balanceAfter === null ? null : { delta, reason, ref, balanceAfter };
}
