/**
 * Review of reports (issue 40): moderators (the Auth custom claim, read from the account's record
 * by the Identity port) read the queue and decide; a seller reads which of their listings reports
 * took off the marketplace, and why.
 */
import {
  MESSAGES,
  type ModerationDecision,
  type ModerationOutcome,
  type OwnListingModeration,
  type ReportedListing,
} from '@flipstage/core';
import type { Blobs } from '../ports/blobs.js';
import type { VerifiedIdentity } from '../ports/identity.js';
import { ItemNotFound, type ModerationDoc, type ReviewEntry, type Store } from '../ports/store.js';
import { ServiceError } from './errors.js';
import { IMAGE_EDIT_URL_TTL_MS } from './imageEdits.js';
import { moderatorsPhotoUrl } from './listingPhotos.js';
import { sellerNoticeOf } from './moderationRules.js';
import { tellSeller, type SellerNoticeDeps } from './moderationNotices.js';

/** The queue's one page: a moderator works through it from the top, and a decision takes a listing off it. */
export const REVIEW_QUEUE_LIMIT = 50;

function requireModerator(viewer: VerifiedIdentity): void {
  if (!viewer.moderator) throw new ServiceError('forbidden', MESSAGES.moderatorsOnly);
}

async function toReportedListing(blobs: Blobs, { moderation, item, reports }: ReviewEntry): Promise<ReportedListing> {
  const thumb = item.thumbs[0];
  return {
    itemId: item.id,
    title: item.title,
    description: item.description,
    // A hidden listing's photos are withheld from the public; the moderator sees them signed.
    thumb: thumb ? await moderatorsPhotoUrl(blobs, item, thumb, IMAGE_EDIT_URL_TTL_MS) : null,
    owner: item.owner,
    sellerName: item.sellerName,
    status: moderation.status,
    reports: reports.map((report) => ({
      id: report.id,
      reporter: report.reporter,
      about: report.messageId === null ? 'listing' : 'message',
      reason: report.reason,
      counts: report.counts,
      created_at: report.created_at,
    })),
    updated_at: moderation.updated_at,
  };
}

/** GET /api/moderation/reports: the listings awaiting review, most recently reported first. */
export async function reviewQueue(
  deps: { store: Store; blobs: Blobs },
  viewer: VerifiedIdentity,
): Promise<ReportedListing[]> {
  requireModerator(viewer);
  const entries = await deps.store.reviewQueue(REVIEW_QUEUE_LIMIT);
  return Promise.all(entries.map((entry) => toReportedListing(deps.blobs, entry)));
}

/** POST /api/moderation/decision: restore the listing, or remove it with a reason the seller is sent. */
export async function decideListing(
  deps: SellerNoticeDeps,
  moderator: VerifiedIdentity,
  decision: ModerationDecision,
): Promise<ModerationOutcome> {
  requireModerator(moderator);
  const status = decision.decision === 'restore' ? 'restored' : 'removed';
  const reason = decision.decision === 'remove' ? decision.reason : null;
  try {
    const { previous, item } = await deps.store.decideListing(decision.itemId, {
      status,
      reason,
      by: moderator.uid,
      at: new Date().toISOString(),
    });
    const notice = sellerNoticeOf(previous, status);
    if (notice) await tellSeller(deps, notice, item, reason);
    return { itemId: item.id, status };
  } catch (error) {
    if (error instanceof ItemNotFound) throw new ServiceError('not-found', MESSAGES.itemNotFound);
    throw error;
  }
}

const toOwnListing = (doc: ModerationDoc): OwnListingModeration => ({
  itemId: doc.itemId,
  status: doc.status === 'removed' ? 'removed' : 'hidden',
  reason: doc.reason,
  updated_at: doc.updated_at,
});

/** GET /api/moderation/own-listings: the seller's hidden and removed listings. */
export async function ownListingModeration(deps: { store: Store }, seller: string): Promise<OwnListingModeration[]> {
  return (await deps.store.moderatedListings(seller)).map(toOwnListing);
}
