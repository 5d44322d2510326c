/**
 * eBay's marketplace account deletion notifications, which every app using eBay's APIs must
 * answer (developer.ebay.com, "Marketplace account deletion"): a GET with a challenge_code,
 * answered with the SHA-256 of challengeCode + verificationToken + endpoint, and POSTed notices
 * naming an eBay user whose data must go; we delete the tokens of every seller connected to them.
 */
import { createHash, verify } from 'node:crypto';
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

/**
 * Whether eBay signed the notice: X-EBAY-SIGNATURE is base64 JSON naming the algorithm (ECDSA),
 * the digest (SHA1), the key's id and the signature of the body. The key comes from eBay's
 * Notification API. Anything else (no header, another algorithm, a body changed on the way) is
 * not eBay's, and deletes nothing.
 */
export async function signedByEbay(ebay: EbaySetup, body: Buffer, header: string | undefined): Promise<boolean> {
  let claimed: { alg?: unknown; kid?: unknown; signature?: unknown; digest?: unknown };
  try {
    claimed = JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8')) as typeof claimed;
  } catch {
    return false;
  }
  const { alg, kid, signature, digest } = claimed;
  if (alg !== 'ECDSA' || digest !== 'SHA1' || typeof kid !== 'string' || typeof signature !== 'string') return false;
  const key = await ebay.api.notificationKey(kid);
  if (key.algorithm !== 'ECDSA' || key.digest !== 'SHA1') return false;
  try {
    return verify('sha1', body, key.pem, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
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
