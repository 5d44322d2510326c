/**
 * The one CreditRules object every Store call that changes credits is handed (ports/creditRules.ts):
 * the decisions of credits.ts and stageLedger.ts, applied by each adapter inside its transaction.
 */
import type { CreditRules } from '../ports/creditRules.js';
import {
  decideCredit,
  decideSignupGrant,
  decideSubscriptionSync,
  decideTrialEnd,
  decideTrialGrant,
} from './credits.js';
import { decideStageBegin, decideStageCompletion, decideStageRefund, stageRefundRef } from './stageLedger.js';

export const CREDIT_RULES: CreditRules = {
  credit: decideCredit,
  signup: decideSignupGrant,
  beginStage: decideStageBegin,
  completeStage: decideStageCompletion,
  failStage: decideStageRefund,
  refundRef: stageRefundRef,
  syncSubscription: decideSubscriptionSync,
  grantTrial: decideTrialGrant,
  endTrial: decideTrialEnd,
};
