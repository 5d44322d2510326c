/**
 * The free tries of a signed-out visitor (spec §6, issue 24): an anonymous Firebase Auth user gets
 * a few credits once, through the ledger, and each network only so many such grants a day. While
 * anonymous its stagings are held, not saved as image edits; when it signs up (the same uid, the
 * anonymous account linked), the trial ends and the held results become its first image edits.
 */
import type { CreditDecision } from './ledger.js';

export interface TrialGrantInput {
  uid: string;
  /** The trial's credits, posted once per account (ledger reason 'trial', ref TRIAL_REF). */
  credits: number;
  /** The network the visitor came from (the fair-use address key), or null where none is counted. */
  address: string | null;
  /** The UTC day (YYYY-MM-DD) the address's grants are counted under. */
  day: string;
  /** How many trials one address may receive a day; null where addresses are not counted. */
  perAddressPerDay: number | null;
}

export type TrialGrant =
  | { kind: 'granted'; creditsRemaining: number }
  /** This account had its trial already (or has ended it): nothing changed. */
  | { kind: 'already-granted'; creditsRemaining: number }
  /** The account has had its sign-up credits: it is no visitor, whatever its token says. */
  | { kind: 'signed-up'; creditsRemaining: number }
  /** The address has had its trials for the day: nothing was posted or counted. */
  | { kind: 'address-used-up'; creditsRemaining: number };

export interface TrialEnd {
  /** Whether this call ended an open trial (false when there was none or it had ended). */
  ended: boolean;
  /** How many held results became image edits. */
  releasedEdits: number;
  creditsRemaining: number;
}

/** What grantTrial read inside its transaction. */
export interface TrialGrantState {
  uid: string;
  credits: number;
  balance: number;
  /** Whether the ledger holds TRIAL_REF already. */
  granted: boolean;
  /**
   * Whether the stored account has had its sign-up grant: a visitor's old token, still valid after
   * the visitor signed up, must not claim the free tries on top of the sign-up credits.
   */
  signedUp: boolean;
  /** Trials the address received today; 0 where no address is counted. */
  addressCount: number;
  /** Null where no address is counted. */
  perAddressPerDay: number | null;
}

export type TrialGrantDecision =
  | { kind: 'grant'; credit: CreditDecision; countAddress: boolean }
  | { kind: 'already-granted' }
  | { kind: 'signed-up' }
  | { kind: 'address-used-up' };

/** What endTrial read inside its transaction. */
export interface TrialEndState {
  uid: string;
  balance: number;
  granted: boolean;
  /** Whether the ledger holds TRIAL_END_REF already. */
  ended: boolean;
}

/** The trial's part of the credit rules (services/credits.ts). */
export interface TrialRules {
  grantTrial(state: TrialGrantState): TrialGrantDecision;
  /** 'already-posted' when there is no open trial to end. */
  endTrial(state: TrialEndState): CreditDecision;
}

export interface TrialStore {
  /**
   * One transaction: unless the account's ledger holds the trial, and while the address has
   * grants left today, posts the trial's credits and counts the address. Throws AccountNotFound.
   */
  grantTrial(input: TrialGrantInput, rules: TrialRules): Promise<TrialGrant>;
  /**
   * One transaction, once per account: takes back the trial credits left (ledger ref
   * TRIAL_END_REF), so the account starts from its sign-up credits as every account does, and
   * moves the held results into image edits. Nothing changes for an account that had no trial.
   */
  endTrial(uid: string, rules: TrialRules): Promise<TrialEnd>;
}

/** The ledger refs of a trial: granted once, ended once. */
export const TRIAL_REF = 'trial';
export const TRIAL_END_REF = 'trial-end';
