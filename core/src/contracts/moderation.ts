/**
 * Reports and their review (issue 40): who may report, the queue moderators read
 * (GET /api/moderation/reports), their decisions, and what a seller is shown about their own
 * listings. A stranger's reports alone never take a listing down for good: a listing leaves the
 * marketplace when a moderator removes it, or, until a moderator decides, when REPORTS_TO_HIDE
 * established reporters (verified accounts at least REPORTER_MIN_ACCOUNT_AGE_MS old) report it.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { hasControlCharacters } from '../text.js';

export const MAX_REPORT_REASON_LENGTH = 500;
/** Reports from this many established reporters hide a listing until a moderator decides. */
export const REPORTS_TO_HIDE = 3;
/** A reporter's account must be this old for their report to count toward hiding a listing. */
export const REPORTER_MIN_ACCOUNT_AGE_MS = 24 * 60 * 60 * 1000;
/** The Firebase Auth custom claim of a moderator: `{ moderator: true }` (npm run admin:grant). */
export const MODERATOR_CLAIM = 'moderator';

export const MODERATION_STATUSES = [
  /** Reported, still listed, waiting for a moderator. */
  'pending',
  /** Hidden by established reporters' reports, waiting for a moderator. */
  'hidden',
  /** A moderator kept it listed. */
  'restored',
  /** A moderator took it down, with a reason the seller sees. */
  'removed',
] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** The statuses the review queue holds: nobody has decided yet. */
export const AWAITING_REVIEW: readonly ModerationStatus[] = ['pending', 'hidden'];

/** Removal reasons go to the seller by email, so they follow the message rules: printable, one paragraph or a few. */
const reviewText = (required: string, field: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_REPORT_REASON_LENGTH, MESSAGES.tooLong(field, MAX_REPORT_REASON_LENGTH))
    .refine((text) => !hasControlCharacters(text, true), MESSAGES.controlCharacters(field));

const id = z.string().min(1).max(128);

/** POST /api/reports: a listing, or one message of a conversation the reporter is in. */
export const reportSchema = z.object({
  itemId: id,
  conversationId: id.optional(),
  messageId: id.optional(),
  reason: reviewText(MESSAGES.reportReasonRequired, 'The reason'),
});
export type ReportRequest = z.infer<typeof reportSchema>;

/** POST /api/moderation/decision: a moderator restores a listing, or removes it telling the seller why. */
export const moderationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ itemId: id, decision: z.literal('restore') }),
  z.object({
    itemId: id,
    decision: z.literal('remove'),
    reason: reviewText(MESSAGES.removalReasonRequired, 'The reason'),
  }),
]);
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** The removal dialog's one field, under the decision's rules. */
export const removalReasonSchema = z.object({
  reason: reviewText(MESSAGES.removalReasonRequired, 'The reason'),
});

export const listingReportSchema = z.object({
  id: z.string(),
  /** The reporter's uid. */
  reporter: z.string(),
  /** The listing itself, or a message of a conversation about it. */
  about: z.enum(['listing', 'message']),
  reason: z.string(),
  /** The reporter was an established reporter: the report counts toward hiding the listing. */
  counts: z.boolean(),
  created_at: z.string(),
});
export type ListingReport = z.infer<typeof listingReportSchema>;

/** One listing in the review queue, with the reports nobody has decided on yet, oldest first. */
export const reportedListingSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  description: z.string(),
  /** The listing's first thumbnail, or null. */
  thumb: z.string().nullable(),
  owner: z.string(),
  sellerName: z.string().nullable(),
  status: z.enum(MODERATION_STATUSES),
  reports: z.array(listingReportSchema),
  updated_at: z.string(),
});
export type ReportedListing = z.infer<typeof reportedListingSchema>;

export const moderationQueueSchema = z.object({ data: z.array(reportedListingSchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** What a decision left: the listing's status now. */
export const moderationOutcomeSchema = z.object({ itemId: z.string(), status: z.enum(MODERATION_STATUSES) });
export type ModerationOutcome = z.infer<typeof moderationOutcomeSchema>;

/** A seller's listing that is off the marketplace because of reports: hidden for review, or removed. */
export const ownListingModerationSchema = z.object({
  itemId: z.string(),
  status: z.enum(['hidden', 'removed']),
  /** The moderator's reason, for a removed listing. */
  reason: z.string().nullable(),
  updated_at: z.string(),
});
export type OwnListingModeration = z.infer<typeof ownListingModerationSchema>;

/** GET /api/moderation/own-listings: the signed-in seller's hidden and removed listings. */
export const ownListingModerationsSchema = z.object({ data: z.array(ownListingModerationSchema) });
export type OwnListingModerations = z.infer<typeof ownListingModerationsSchema>;
