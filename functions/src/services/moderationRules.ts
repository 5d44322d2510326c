/**
 * Who may report, whose reports count, and what a report does to a listing (issue 40). Pure, so
 * the stores apply the listing's rule inside their transactions (MODERATION_RULES) and the tests
 * state each one directly.
 */
import { REPORTER_MIN_ACCOUNT_AGE_MS, REPORTS_TO_HIDE, type ModerationStatus } from '@flipstage/core';
import type { VerifiedIdentity } from '../ports/identity.js';
import type { ModerationRules } from '../ports/moderation.js';
import { personStanding } from './accounts.js';

/**
 * How FlipStage takes a reporter: a visitor's anonymous session or an unverified address is
 * refused; a verified account is queued for review; one at least REPORTER_MIN_ACCOUNT_AGE_MS old
 * is established, and its report counts toward hiding the listing before anyone reviews it.
 * The age counts from the later of the Auth account's creation and its sign-up (`signedUpAt`,
 * the account's sign-up grant): a visitor's anonymous session, aged and then linked, is a person
 * only from its link.
 */
export type ReporterStanding = 'visitor' | 'unverified' | 'new' | 'established';

export function reporterStanding(
  identity: VerifiedIdentity,
  options: { now: number; needVerifiedEmail: boolean; signedUpAt: string | null },
): ReporterStanding {
  const person = personStanding(identity, options.needVerifiedEmail);
  if (person !== 'verified') return person;
  const instant = (at: string | null) => (at === null ? Number.NaN : Date.parse(at));
  // An account whose creation or sign-up is not on record is judged new: its age cannot be shown.
  const since = Math.max(instant(identity.accountCreatedAt), instant(options.signedUpAt));
  return options.now - since >= REPORTER_MIN_ACCOUNT_AGE_MS ? 'established' : 'new';
}

export const MODERATION_RULES: ModerationRules = {
  afterReport(current: ModerationStatus | null, establishedReporters: number): ModerationStatus {
    // A moderator's removal stands; a hidden listing waits for one.
    if (current === 'removed' || current === 'hidden') return current;
    return establishedReporters >= REPORTS_TO_HIDE ? 'hidden' : 'pending';
  },
};

/** Whether the seller hears of a change: only when their listing left the marketplace or came back. */
export function sellerNoticeOf(
  previous: ModerationStatus | null,
  next: ModerationStatus,
): 'hidden' | 'removed' | 'restored' | null {
  const wasOff = previous === 'hidden' || previous === 'removed';
  if (next === 'hidden' || next === 'removed') return previous === next ? null : next;
  return next === 'restored' && wasOff ? 'restored' : null;
}
