import type { Blobs } from '../ports/blobs.js';
import type { Store } from '../ports/store.js';
import { logs, type Logger } from '../logs.js';
import { STALE_STAGE_AFTER_MS } from './stagingTimes.js';
import { CREDIT_RULES } from './creditRules.js';
import { attemptFiles } from './stagingFiles.js';

/** One sweep refunds at most this many; the next one picks up the rest. */
const SWEEP_BATCH = 200;

/**
 * Refunds the credit of every staging attempt older than the longest a staging can take: the
 * request that debited it died before it could complete or refund. What the attempt had stored
 * (its input, perhaps its result) is removed with the refund: no edit will ever point at it. Refunds are idempotent by
 * attempt, so a sweep racing a late failure or another sweep never pays twice. A host that alone
 * owns its store (the local host) passes its own start as `startedBefore`: every attempt begun
 * before it belongs to a process that is gone, so a restart after a crash settles them at once.
 */
export async function refundAbandonedStages(
  deps: { store: Store; blobs: Blobs; logger: Logger },
  now = Date.now(),
  startedBefore = now - STALE_STAGE_AFTER_MS,
): Promise<number> {
  const stale = await deps.store.listStaleStages(startedBefore, SWEEP_BATCH);
  let refunded = 0;
  for (const attempt of stale) {
    try {
      const { applied } = await deps.store.failStage(attempt, CREDIT_RULES);
      if (!applied) continue;
      refunded++;
      // Refunded, the attempt can no longer complete: its files are nobody's. Left behind, they only cost storage.
      await Promise.all(attemptFiles(attempt.uid, attempt.attemptId).map((path) => deps.blobs.delete(path))).catch(
        (error: unknown) => logs.sweepFailed(deps.logger, error),
      );
    } catch (error) {
      logs.refundFailed(deps.logger, { uid: attempt.uid, attemptId: attempt.attemptId }, error);
    }
  }
  if (stale.length > 0) logs.abandonedStagesRefunded(deps.logger, { found: stale.length, refunded });
  return refunded;
}
