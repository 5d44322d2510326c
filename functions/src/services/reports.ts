/**
 * Reports (issues 25 and 40): a verified account reports a listing, or a message of a conversation
 * it is in, once. Every report waits in the moderators' queue; a listing is hidden before anyone
 * reviews it only when REPORTS_TO_HIDE established reporters (services/moderationRules.ts) have
 * reported it, and then only until a moderator decides. A visitor's anonymous session, an
 * unverified address or a day-old account can never take a listing down on its own.
 */
import { MESSAGES, type ModerationStatus, type ReportRequest } from '@flipstage/core';
import type { VerifiedIdentity } from '../ports/identity.js';
import { AlreadyReported, ItemNotFound } from '../ports/store.js';
import { nextInstant, participantsConversation } from './conversations.js';
import { ServiceError } from './errors.js';
import { MODERATION_RULES, reporterStanding, sellerNoticeOf } from './moderationRules.js';
import { tellSeller, type SellerNoticeDeps } from './moderationNotices.js';

export interface ReportDeps extends SellerNoticeDeps {
  /** Local mode counts a signed-up account as verified: it serves one person, with no inbox to confirm. */
  needVerifiedEmail: boolean;
}

const notFound = () => new ServiceError('not-found', MESSAGES.itemNotFound);

/** POST /api/reports. Answers the listing's status after the report. */
export async function report(
  deps: ReportDeps,
  reporter: VerifiedIdentity,
  input: ReportRequest,
): Promise<{ status: ModerationStatus }> {
  const signedUpAt = (await deps.store.getAccount(reporter.uid))?.customer.signupGrantedAt ?? null;
  const standing = reporterStanding(reporter, {
    now: Date.now(),
    needVerifiedEmail: deps.needVerifiedEmail,
    signedUpAt,
  });
  if (standing === 'visitor') throw new ServiceError('forbidden', MESSAGES.reportNeedsAccount);
  if (standing === 'unverified') throw new ServiceError('forbidden', MESSAGES.reportNeedsVerifiedEmail);
  const item = await deps.store.getItem(input.itemId);
  if (!item || (item.hidden && item.owner !== reporter.uid)) throw notFound();
  const messageId = input.messageId ?? null;
  let conversationId: string | null = null;
  if (messageId !== null || input.conversationId !== undefined) {
    const conversation = await participantsConversation(deps.store, input.conversationId, reporter.uid);
    if (conversation.itemId !== item.id) throw new ServiceError('not-found', MESSAGES.conversationNotFound);
    conversationId = conversation.id;
  } else if (item.owner === reporter.uid) {
    throw new ServiceError('forbidden', MESSAGES.ownListingMessage);
  }
  const id =
    messageId === null
      ? `listing_${item.id}_${reporter.uid}`
      : `message_${conversationId}_${messageId}_${reporter.uid}`;
  try {
    const outcome = await deps.store.addReport(
      {
        id,
        reporter: reporter.uid,
        itemId: item.id,
        conversationId,
        messageId,
        reason: input.reason,
        counts: standing === 'established',
        created_at: nextInstant(),
        reviewedAt: null,
      },
      MODERATION_RULES,
    );
    const notice = sellerNoticeOf(outcome.previous, outcome.status);
    if (notice) await tellSeller(deps, notice, outcome.item, null);
    return { status: outcome.status };
  } catch (error) {
    if (error instanceof AlreadyReported) throw new ServiceError('conflict', MESSAGES.alreadyReported);
    if (error instanceof ItemNotFound) throw notFound();
    throw error;
  }
}
