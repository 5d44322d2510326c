/**
 * eBay's marketplace account deletion notifications, which every app using eBay's APIs must
 * answer (developer.ebay.com, "Marketplace account deletion"): a GET with a challenge_code,
 * answered with the SHA-256 of challengeCode + verificationToken + endpoint, and POSTed notices
 * naming an eBay user whose data must go; we delete the tokens of every seller connected to them.
 */
import { createHash } from 'node:crypto';
import type { EbayAccess, EbaySetup } from './ebayAccess.js';
import type { Logger } from '../logs.js';

export const DELETION_TOPIC = 'MARKETPLACE_ACCOUNT_DELETION';

export function challengeResponse(challengeCode: string, deletion: EbaySetup['deletion']): string {
  return createHash('sha256')
    .update(challengeCode)
    .update(deletion.verificationToken)
    .update(deletion.endpoint)
    .digest('hex');
}

interface DeletionNotice {
  metadata?: { topic?: unknown };
  notification?: { notificationId?: unknown; data?: { userId?: unknown; username?: unknown } };
}

/** Deletes what we hold for the eBay user a notice names; false when the body is not such a notice. */
export async function applyDeletionNotice(
  deps: { ebay: EbaySetup; access: EbayAccess; logger: Logger },
  body: unknown,
): Promise<boolean> {
  const notice = (body ?? {}) as DeletionNotice;
  const userId = notice.notification?.data?.userId;
  if (notice.metadata?.topic !== DELETION_TOPIC || typeof userId !== 'string' || !userId) return false;
  const uids = await deps.ebay.records.deleteConnectionsOfEbayUser(userId);
  for (const uid of uids) deps.access.forget(uid);
  deps.logger.write('INFO', 'an eBay account deletion notice was applied', {
    notificationId: String(notice.notification?.notificationId ?? ''),
    connections: uids.length,
  });
  return true;
}
