import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MESSAGES, type StageResponse } from '@flipstage/core';
import type { StageUpload } from '../api/apiClient.js';
import { ApiError, NetworkError, isDefinitiveFailure } from '../api/apiError.js';
import { retryNote, type RetryListener } from '../api/retry.js';
import { idempotencyKey, sha256Hex, stageFingerprint } from './idempotency.js';
import type { PlannedImage } from './outputs.js';
import { runPool } from './pool.js';
import type { Progress } from './progress.js';
import { refusalCode, type RefusalCode } from './refusals.js';
import { CONTENT_TYPES } from './sniff.js';
import { fitForUpload } from './shrink.js';
import { nextAttempt, type StateFile } from './stateFile.js';
import type { StopReason, StopSwitch } from './stopSwitch.js';

/**
 * Photos in a row that ended in a lost connection (each after its own retries) before the run
 * stops: one is a blip, three in a row is a server that is gone.
 */
export const UNREACHABLE_AFTER = 3;

/** The API as a batch uses it; each call waits out a busy API itself and tells `onRetry` before each wait. */
export interface BatchClient {
  stage(upload: StageUpload, onRetry?: RetryListener): Promise<StageResponse>;
  download(url: string, target: string, onRetry?: RetryListener): Promise<void>;
}

export interface BatchDeps {
  client: BatchClient;
  state: StateFile;
  progress: Progress;
  stop: StopSwitch;
}

export interface BatchSettings {
  outDir: string;
  force: boolean;
  concurrency: number;
}

export interface BatchResult {
  /** Each entry is one charge the API confirmed, with the balance it reported after it. */
  staged: { image: PlannedImage; editId: string; creditsRemaining: number }[];
  failed: { image: PlannedImage; reason: string }[];
  /** Refused with a code the seller acts on (mark the piece, not furniture): skipped, never charged. */
  refused: { image: PlannedImage; code: RefusalCode; reason: string }[];
  /** Left for the next run after Ctrl-C or a lost server (never started, nothing spent). */
  notStarted: PlannedImage[];
  /** Why photos stopped being started, if they did. */
  stopped: StopReason | null;
}

/**
 * Stages every image with bounded concurrency. Each image is recorded as in flight before its
 * request, so a killed run resumes with the same idempotency key; a definite refusal marks it
 * failed, so the next run tries afresh with a new key. One failure never stops the batch;
 * running out of credits, Ctrl-C or UNREACHABLE_AFTER lost connections in a row stop new
 * images from starting, and the ones in flight finish (they may already be paid).
 */
export async function stageBatch(
  images: readonly PlannedImage[],
  settings: BatchSettings,
  deps: BatchDeps,
): Promise<BatchResult> {
  const result: BatchResult = { staged: [], failed: [], refused: [], notStarted: [], stopped: null };
  let lostInARow = 0;

  async function stageOne(image: PlannedImage): Promise<void> {
    const { choice } = image;
    const base = { source: image.display, output: image.output };
    let fingerprint: string | null = null;
    let attempt = 1;
    let charged = false;
    try {
      const bytes = await readFile(image.path);
      const contentHash = sha256Hex(bytes);
      fingerprint = stageFingerprint(contentHash, choice);
      attempt = nextAttempt(deps.state.get(fingerprint), settings.force);
      await deps.state.set(fingerprint, { ...base, attempt, status: 'in-flight' });

      // The key and the state file know the photo by its own bytes, whatever size goes out.
      const photo = await fitForUpload({
        bytes,
        filename: basename(image.path),
        contentType: CONTENT_TYPES[image.kind],
      });
      if (photo.shrunk)
        deps.progress.note(`${image.display}: ${photo.shrunk.from} shrunk to ${photo.shrunk.to} before upload`);
      const upload: StageUpload = {
        bytes: photo.bytes,
        filename: photo.filename,
        contentType: photo.contentType,
        fields: { prompt: choice.prompt, style: choice.style, furnitureType: choice.furnitureType, mode: choice.mode },
        hd: choice.hd,
        idempotencyKey: idempotencyKey(contentHash, choice, attempt),
        subject: choice.subject,
      };
      const onRetry: RetryListener = (error, delayMs) =>
        deps.progress.note(`${image.display}: ${retryNote(error, delayMs)}`);
      const staged = await deps.client.stage(upload, onRetry);
      charged = true;

      const target = join(settings.outDir, image.output);
      await mkdir(dirname(target), { recursive: true });
      await deps.client.download(staged.outputUrl, target, onRetry);
      await deps.state.set(fingerprint, { ...base, attempt, status: 'done', editId: staged.editId });
      lostInARow = 0;
      result.staged.push({ image, editId: staged.editId, creditsRemaining: staged.creditsRemaining });
      deps.progress.done({ file: image.display, status: 'staged', output: image.output, editId: staged.editId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.status === 402) deps.stop.stop('out-of-credits');
      lostInARow = error instanceof NetworkError ? lostInARow + 1 : 0;
      if (lostInARow >= UNREACHABLE_AFTER) deps.stop.stop('unreachable');
      // Only a definite refusal of the staging request moves to a new key. After a lost
      // connection or a 5xx the request may have gone through, and after a failed download the
      // image is staged and paid for: the record stays in flight and the next run reuses its key.
      if (fingerprint && !charged && error instanceof ApiError && isDefinitiveFailure(error.status)) {
        await deps.state.set(fingerprint, { ...base, attempt, status: 'failed', reason });
      }
      const code = refusalCode(error);
      if (code) {
        result.refused.push({ image, code, reason });
        deps.progress.done({ file: image.display, status: 'refused', code, reason });
      } else {
        result.failed.push({ image, reason });
        deps.progress.done({ file: image.display, status: 'failed', reason });
      }
    }
  }

  deps.progress.begin(images.length);
  try {
    await runPool(images, settings.concurrency, stageOne, () => deps.stop.reason !== null);
  } finally {
    deps.progress.end();
  }
  result.stopped = deps.stop.reason;
  const finished = new Set([...result.staged, ...result.failed, ...result.refused].map((entry) => entry.image));
  for (const image of images) {
    if (finished.has(image)) continue;
    if (result.stopped === 'out-of-credits')
      result.failed.push({ image, reason: `Not started: ${MESSAGES.needCredits}` });
    else result.notStarted.push(image);
  }
  return result;
}
