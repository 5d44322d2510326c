/**
 * The credit rules (DESIGN §5), written once for every Store adapter: each is a pure decision
 * from what the store read inside its transaction to what it writes. A store applies them and
 * holds no rule of its own, so PGlite and Firestore cannot drift apart. The stage rules build on
 * these in stageLedger.ts; creditRules.ts hands both to the store.
 */
import type { CreditChange, CreditDecision, SignupDecision, SignupGrantState } from '../ports/ledger.js';
import type { SubscriptionSyncDecision, SubscriptionSyncState } from '../ports/webhookEvents.js';
import {
  TRIAL_END_REF,
  TRIAL_REF,
  type TrialEndState,
  type TrialGrantDecision,
  type TrialGrantState,
} from '../ports/trials.js';

/** The sign-up grant's ledger ref: one per account. */
export const SIGNUP_REF = 'signup';

/** The balance after a change, or null when it would go below 0: credits are never owed. */
export function nextBalance(balance: number, delta: number): number | null {
  const after = balance + delta;
  return after < 0 ? null : after;
}

/**
 * A ref is posted once per account, so a replayed grant, debit or refund changes nothing (and is
 * not refused, even when the balance could no longer pay it); otherwise the change is posted
 * unless it would take the balance below 0.
 */
export function decideCredit(change: CreditChange, balance: number, posted: boolean): CreditDecision {
  if (posted) return { kind: 'already-posted' };
  const balanceAfter = nextBalance(balance, change.delta);
  if (balanceAfter === null) return { kind: 'insufficient' };
  return { kind: 'post', entry: { delta: change.delta, reason: change.reason, ref: change.ref, balanceAfter } };
}

/**
 * The sign-up credits come once per account (the account records when, which is what "once"
 * checks) and once per person: a person whose inbox or social account had them under another
 * account gets none again.
 */
export function decideSignupGrant(state: SignupGrantState): SignupDecision {
  if (state.grantedAt === null && state.grantedToOther) return { kind: 'person-granted' };
  const change = { uid: state.uid, delta: state.signupCredits, reason: 'signup' as const, ref: SIGNUP_REF };
  return decideCredit(change, state.balance, state.grantedAt !== null);
}

/**
 * The sign-up grant for a person not yet verified: nothing is posted, and as the account records
 * no grant, a later call, once they are verified, makes it.
 */
export function withholdSignupGrant(): CreditDecision {
  return { kind: 'already-posted' };
}

/**
 * A visitor's free tries: once per account, never to an account that has had its sign-up credits,
 * and only while its network has trials left today (an address already at its limit gets nothing
 * and is not counted again).
 */
export function decideTrialGrant(state: TrialGrantState): TrialGrantDecision {
  if (state.granted) return { kind: 'already-granted' };
  if (state.signedUp) return { kind: 'signed-up' };
  const counted = state.perAddressPerDay !== null;
  if (counted && state.addressCount >= state.perAddressPerDay!) return { kind: 'address-used-up' };
  const change = { uid: state.uid, delta: state.credits, reason: 'trial' as const, ref: TRIAL_REF };
  return { kind: 'grant', credit: decideCredit(change, state.balance, false), countAddress: counted };
}

/**
 * At sign-up the free tries left are taken back, once: the account then receives its sign-up
 * credits as every account does, not those plus the trial's. An account that never had a trial,
 * or ended it, is left alone.
 */
export function decideTrialEnd(state: TrialEndState): CreditDecision {
  if (!state.granted || state.ended) return { kind: 'already-posted' };
  const change = { uid: state.uid, delta: -state.balance, reason: 'trial' as const, ref: TRIAL_END_REF };
  return decideCredit(change, state.balance, false);
}

/**
 * Which subscription state wins. The service decided against the subscription the account held
 * then; if it holds another now, the decision is void. For the same subscription, Stripe delivers
 * events out of order, so a state read earlier than the stored one is old news and the stored one
 * stays; a state that replaces the held subscription wins whatever the stored read time. The
 * trial grant rides with an applied state, once per account by its ref.
 */
export function decideSubscriptionSync(state: SubscriptionSyncState): SubscriptionSyncDecision {
  const { effect, held, storedAt } = state;
  if (held !== effect.subscriptionId && held !== effect.heldBefore) return { kind: 'held-changed' };
  if (held === effect.subscriptionId && storedAt !== null && effect.stateAt < storedAt) return { kind: 'keep-stored' };
  const grant = effect.trialGrant;
  const trial = grant
    ? decideCredit(
        { uid: state.uid, delta: grant.delta, reason: 'subscription', ref: grant.ref },
        state.balance,
        state.trialPosted,
      )
    : null;
  return { kind: 'apply', trial };
}
