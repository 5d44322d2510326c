/**
 * A staging's progress, written to the store as its phases start (issue 24), so the studio's bar
 * follows the engine and any instance can answer GET /api/stage/progress. One write at a time: a
 * phase that starts while one is being written replaces any still waiting, so a quick engine
 * costs at most a write a phase and a slow store never holds the staging up. Saving is reported
 * only once it has taken a moment (SAVING_NOTICE_MS).
 */
import {
  firstIssueMessage,
  idempotencyKeySchema,
  MESSAGES,
  STAGE_PROGRESS_KEY_PARAM,
  type StageProgress,
} from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { invalid, ServiceError } from './errors.js';

/**
 * How long the result's storing must last before its phase is written. The studio asks every
 * 600 ms, so a few milliseconds of saving would almost never be seen, and their report would be a
 * store write per staging (a billed one on Firestore) beside the blob writes it tells of; on the
 * local host that write runs on the event loop the blob writes need. A slow save is still shown.
 */
export const SAVING_NOTICE_MS = 100;

export interface ProgressRecorder {
  /** A stager's own report; saving the result counts as one more step. */
  stager(progress: StageProgress): void;
  /** The result is being stored: reported if it still is SAVING_NOTICE_MS later. */
  saving(): void;
  /**
   * The result is stored: a saving report not yet due is dropped. Resolves once every report so
   * far is written (or failed), before the attempt completes.
   */
  settled(): Promise<void>;
}

export function progressRecorder(
  store: Store,
  attempt: { uid: string; key: string; attemptId: string },
  onError: (error: unknown) => void,
): ProgressRecorder {
  const queue: { writing: Promise<void> | null; waiting: StageProgress | null } = { writing: null, waiting: null };
  let stagerSteps = 0;
  let savingNotice: ReturnType<typeof setTimeout> | undefined;

  async function drain(first: StageProgress): Promise<void> {
    let next: StageProgress | null = first;
    while (next) {
      queue.waiting = null;
      await store.recordStageProgress({ ...attempt, progress: next }).catch(onError);
      next = queue.waiting;
    }
    queue.writing = null;
  }

  function push(progress: StageProgress): void {
    if (queue.writing) queue.waiting = progress;
    else queue.writing = drain(progress);
  }

  return {
    stager(progress) {
      stagerSteps = progress.steps;
      push({ ...progress, steps: progress.steps + 1 });
    },
    saving() {
      savingNotice = setTimeout(() => push({ phase: 'save', step: stagerSteps, steps: stagerSteps + 1 }), SAVING_NOTICE_MS);
    },
    settled() {
      clearTimeout(savingNotice);
      return queue.writing ?? Promise.resolve();
    },
  };
}

/** GET /api/stage/progress: the caller's own key only; another account's key is not found, as is a failed one. */
export async function readStageProgress(store: Store, uid: string, key: unknown): Promise<StageProgress> {
  if (typeof key !== 'string') throw invalid(MESSAGES.queryNotText(STAGE_PROGRESS_KEY_PARAM));
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) throw invalid(firstIssueMessage(parsed.error));
  const progress = await store.getStageProgress(uid, parsed.data);
  if (!progress) throw new ServiceError('not-found', MESSAGES.notFound);
  return progress;
}
