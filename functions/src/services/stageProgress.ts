/**
 * A staging's progress, written to the store as its phases start (issue 24), so the studio's bar
 * follows the engine and any instance can answer GET /api/stage/progress. One write at a time: a
 * phase that starts while one is being written replaces any still waiting, so a quick engine
 * costs at most a write a phase and a slow store never holds the staging up.
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

export interface ProgressRecorder {
  /** A stager's own report; saving the result counts as one more step. */
  stager(progress: StageProgress): void;
  /** The result is being stored. */
  saving(): void;
  /** Resolves once every report so far is written (or failed), before the attempt completes. */
  settled(): Promise<void>;
}

export function progressRecorder(
  store: Store,
  attempt: { uid: string; key: string; attemptId: string },
  onError: (error: unknown) => void,
): ProgressRecorder {
  const queue: { writing: Promise<void> | null; waiting: StageProgress | null } = { writing: null, waiting: null };
  let stagerSteps = 0;

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
      push({ phase: 'save', step: stagerSteps, steps: stagerSteps + 1 });
    },
    settled: () => queue.writing ?? Promise.resolve(),
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
