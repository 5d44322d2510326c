/**
 * The credit rules as a store applies them: pure decisions from what the store read inside its
 * transaction to what it writes. They are written once (services/credits.ts, services/stageLedger.ts)
 * and handed to the store with each call that changes credits (services/creditRules.ts), so every
 * adapter applies the same rules and holds none.
 */
import type { CreditChange, CreditDecision } from './ledger.js';
import type {
  StageBeginDecision,
  StageBeginState,
  StageCompletionDecision,
  StageCompletionState,
  StageRefundDecision,
  StageRefundState,
} from './stages.js';
import type { SubscriptionSyncDecision, SubscriptionSyncState } from './webhookEvents.js';

export interface CreditRules {
  /** One credit change, given the balance and whether its ref is in the ledger already. */
  credit(change: CreditChange, balance: number, posted: boolean): CreditDecision;
  /** The sign-up grant, once per account: `grantedAt` is when it was granted, if it was. */
  signup(state: { uid: string; signupCredits: number; balance: number; grantedAt: string | null }): CreditDecision;
  beginStage(state: StageBeginState): StageBeginDecision;
  completeStage(state: StageCompletionState): StageCompletionDecision;
  failStage(state: StageRefundState): StageRefundDecision;
  /** The ledger ref of an attempt's refund, which the store reads before failStage decides. */
  refundRef(attemptId: string): string;
  syncSubscription(state: SubscriptionSyncState): SubscriptionSyncDecision;
}
