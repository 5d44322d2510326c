/**
 * The generation bar (issue 24, superseding spec §4's 30-second timer): it follows the server's
 * real progress on the photo being staged, counts finished photos, reaches 100 % only when the
 * whole batch succeeded, and stops short when a photo failed.
 */
import type { StagePhaseName, StageProgress } from '@flipstage/core';
import type { StudioImage } from './studioState';

/** A batch that succeeded shows 100 % this long before the bar goes (spec §4). */
export const PROGRESS_RESET_DELAY_MS = 500;
/** How often the server is asked how far the photo being staged has got. */
export const PROGRESS_POLL_MS = 600;

export const PHASE_LABELS: Record<StagePhaseName, string> = {
  received: 'Waiting for the engine',
  decode: 'Reading the photo',
  classify: 'Checking it shows furniture',
  segment: 'Finding the piece',
  matte: 'Cutting the piece out',
  composite: 'Placing it in the room',
  encode: 'Finishing the picture',
  check: 'Checking it shows furniture',
  cutout: 'Cutting the piece out and drawing the room',
  save: 'Saving the result',
  done: 'Saving the result',
};
/** Before the server has the photo: it is still on its way up. */
export const SENDING_LABEL = 'Sending the photo';

/** The photos of one batch, as they stand in the strip now. */
export interface BatchView {
  total: number;
  succeeded: number;
  /** The failed photos' numbers in the strip (1-based). */
  failed: number[];
  /** The photo being sent: its place in the batch (k of total) and its attempt's key. */
  current: { position: number; idempotencyKey: string } | null;
}

/** Reads the batch (the ids staged since the bar started) off the strip; removed photos drop out of it. */
export function viewBatch(images: readonly StudioImage[], batch: ReadonlySet<string>): BatchView {
  const view: BatchView = { total: 0, succeeded: 0, failed: [], current: null };
  let sent: string | null = null;
  images.forEach((image, index) => {
    if (!batch.has(image.id)) return;
    view.total += 1;
    if (image.status === 'processing') sent ??= image.attempt?.idempotencyKey ?? null;
    else if (image.failure) view.failed.push(index + 1);
    else if (image.status === 'processed') view.succeeded += 1;
  });
  if (sent !== null) view.current = { position: view.succeeded + view.failed.length + 1, idempotencyKey: sent };
  return view;
}

/** The share of the current photo the server has done: 0 before it reports. */
export function phaseFraction(progress: StageProgress | null): number {
  if (!progress || progress.steps <= 0) return 0;
  return Math.min(1, Math.max(0, progress.step / progress.steps));
}

/**
 * Percent of the batch done: finished photos that succeeded, plus the current photo's share.
 * Failed photos add nothing, and while anything is still running the bar stays short of 100.
 */
export function batchPercent(view: BatchView, progress: StageProgress | null, running: boolean): number {
  if (view.total === 0) return 0;
  const current = view.current ? phaseFraction(progress) : 0;
  const percent = (100 * (view.succeeded + current)) / view.total;
  return running ? Math.min(percent, 99) : percent;
}

/** What the line above the bar says while the batch runs. */
export function runningLabel(view: BatchView, progress: StageProgress | null): string {
  if (!view.current) return `Staging ${view.total === 1 ? 'the image' : `${view.total} images`}`;
  const phase = progress ? PHASE_LABELS[progress.phase] : SENDING_LABEL;
  return `Staging image ${view.current.position} of ${view.total}: ${phase}`;
}

/** What it says once a batch stopped with failures: which photos, and where to read why. */
export function failedLabel(view: BatchView): string {
  const which =
    view.failed.length === 1
      ? `Image ${view.failed[0]} was not staged: its card says why.`
      : `Images ${view.failed.join(', ')} were not staged: each card says why.`;
  return `${which} ${view.succeeded} of ${view.total} staged.`;
}
