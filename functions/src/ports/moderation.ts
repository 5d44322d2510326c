/**
 * The moderation part of the Store port (issue 40): reports/{id}, and moderation/{itemId}, where
 * one listing stands with its reports. Both are the backend's and the moderators' alone
 * (firestore.rules). A report and its effect on the listing, and a decision and its effect, are
 * each one transaction, so a listing is never hidden without the record that says why.
 */
import type { ModerationStatus } from '@flipstage/core';
import type { ItemDoc } from './items.js';

/** reports/{id}: a listing, or one message about it, reported by a verified account. */
export interface ReportDoc {
  /** One per reporter and thing reported, so a second report of the same thing is told apart. */
  id: string;
  reporter: string;
  itemId: string;
  conversationId: string | null;
  messageId: string | null;
  reason: string;
  /** The reporter was established when they reported: the report counts toward hiding the listing. */
  counts: boolean;
  created_at: string;
  /** When a moderator decided on the listing; null while the report waits in the queue. */
  reviewedAt: string | null;
}

/** moderation/{itemId}: the listing's status with its reports, and the last decision. */
export interface ModerationDoc {
  itemId: string;
  /** The listing's seller, who is shown a hidden or removed listing's status. */
  owner: string;
  status: ModerationStatus;
  /** The moderator's reason, for a removed listing. */
  reason: string | null;
  /** The moderator who decided last; null until one has. */
  decidedBy: string | null;
  /** The last report or decision. */
  updated_at: string;
}

/** Handed to the store by the service (services/moderationRules.ts), decided inside its transaction. */
export interface ModerationRules {
  /**
   * The listing's status after a report, from its status before (null: never reported) and the
   * number of different established reporters among its listing reports awaiting review.
   */
  afterReport(current: ModerationStatus | null, establishedReporters: number): ModerationStatus;
}

/** What a report changed: the listing's status before and after. */
export interface ReportOutcome {
  previous: ModerationStatus | null;
  status: ModerationStatus;
  item: ItemDoc;
}

/** A moderator's decision as it is recorded. */
export interface DecisionRecord {
  status: Extract<ModerationStatus, 'restored' | 'removed'>;
  reason: string | null;
  by: string;
  at: string;
}

export interface DecisionOutcome {
  previous: ModerationStatus | null;
  item: ItemDoc;
}

/** One listing awaiting review, with its reports awaiting review, oldest first. */
export interface ReviewEntry {
  moderation: ModerationDoc;
  item: ItemDoc;
  reports: ReportDoc[];
}

export interface ModerationStore {
  /**
   * Stores the report unless this reporter already reported the same thing (AlreadyReported),
   * then settles the listing's status by `rules`, hidden or shown as they say. Throws ItemNotFound.
   */
  addReport(report: ReportDoc, rules: ModerationRules): Promise<ReportOutcome>;
  /**
   * A moderator's decision: the listing shown (restored) or hidden (removed), and the reports
   * awaiting review marked reviewed. Throws ItemNotFound.
   */
  decideListing(itemId: string, decision: DecisionRecord): Promise<DecisionOutcome>;
  /** Listings awaiting review whose listing still exists, most recently changed first. */
  reviewQueue(limit: number): Promise<ReviewEntry[]>;
  /** The seller's listings that are hidden or removed. */
  moderatedListings(owner: string): Promise<ModerationDoc[]>;
}

export class AlreadyReported extends Error {
  constructor() {
    super('Already reported by this user');
    this.name = 'AlreadyReported';
  }
}
