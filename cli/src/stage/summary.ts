import { basename, join } from 'node:path';
import { UNREACHABLE_ADVICE } from '../api/apiError.js';
import { EXIT, type ExitCode } from '../errors/exitCodes.js';
import type { Logger } from '../output/logger.js';
import type { BatchResult } from './batch.js';
import { leftForLaterMessage } from './budget.js';
import { eventLine } from './events.js';
import type { PlannedImage } from './outputs.js';
import type { OutputMode } from './progress.js';
import { MARK_HINT, REFUSAL_STATUS, type RefusalCode } from './refusals.js';
import { writeReports, type RunSummary, type SheetEntry } from './report.js';
import type { RunPlan } from './runPlan.js';

function printSummary(
  logger: Logger,
  summary: RunSummary,
  reports: { html: string; json: string },
  mode: OutputMode,
): void {
  const p = logger.paint;
  const toMark = summary.markThePiece.length;
  const notFurniture = summary.notFurniture.length;
  const refused = `${toMark > 0 ? `, ${p('yellow', `${toMark} to mark`)}` : ''}${notFurniture > 0 ? `, ${p('yellow', `${notFurniture} not furniture`)}` : ''}`;
  logger.info(
    `${p('green', `Staged ${summary.staged.length}`)}, skipped ${summary.skipped.length}, ${summary.failed.length > 0 ? p('red', `failed ${summary.failed.length}`) : 'failed 0'}${refused} in ${summary.seconds.toFixed(1)} s.`,
  );
  logger.info(`Credits used: ${summary.creditsUsed}, left: ${summary.creditsLeft}.`);
  // --quiet has already printed each failure as it happened, and lists nothing skipped.
  if (mode === 'text') {
    for (const failure of summary.failed) logger.info(`  ${p('red', 'failed')}  ${failure.file}: ${failure.reason}`);
    for (const skip of summary.skipped) logger.info(`  ${p('dim', 'skipped')} ${skip.file}: ${skip.reason}`);
    for (const photo of summary.notFurniture)
      logger.info(`  ${p('yellow', 'not furniture')} ${photo.file}: ${photo.reason}`);
    for (const photo of summary.markThePiece)
      logger.info(`  ${p('yellow', 'mark the piece')} ${photo.file}: ${photo.reason}`);
  }
  // Said in --quiet too: without it the seller cannot act on the photos to mark.
  if (toMark > 0) logger.info(MARK_HINT);
  logger.info(`Contact sheet: ${reports.html}`);
}

/** Why a run ended early, what to do next, and the exit code that says so. */
function stoppedEarly(summary: RunSummary, api: string, logger: Logger): ExitCode | null {
  const left = `${summary.notStarted.length} photo${summary.notStarted.length === 1 ? '' : 's'} not started`;
  if (summary.stopped === 'unreachable') {
    logger.error(`Stopped: the FlipStage server at ${api} stopped answering (${left}). ${UNREACHABLE_ADVICE}`);
    logger.error('Run the same command again to continue.');
    return EXIT.serverUnreachable;
  }
  if (summary.stopped === 'interrupted') {
    logger.warn(`Stopped by Ctrl-C: the photos in flight were saved, ${left}.`);
    logger.warn('Run the same command again to continue.');
    return EXIT.interrupted;
  }
  return summary.stopped === 'out-of-credits' ? EXIT.notEnoughCredits : null;
}

/** Every photo of the plan for the contact sheet, in name order, with what happened to it. */
export function sheetEntries(
  plan: Pick<RunPlan, 'toStage' | 'alreadyStaged'>,
  batch: Pick<BatchResult, 'staged' | 'failed' | 'refused' | 'notStarted'>,
): SheetEntry[] {
  const stagedNow = new Set(batch.staged.map(({ image }) => image));
  const failures = new Map(batch.failed.map(({ image, reason }) => [image, reason]));
  const refusals = new Map(batch.refused.map((refusal) => [refusal.image, refusal]));
  const notStarted = new Set(batch.notStarted);
  const statusOf = (image: PlannedImage): SheetEntry['status'] => {
    if (stagedNow.has(image)) return 'staged';
    if (failures.has(image)) return 'failed';
    const refusal = refusals.get(image);
    if (refusal) return REFUSAL_STATUS[refusal.code];
    return notStarted.has(image) ? 'not started' : 'already staged';
  };
  return [...plan.alreadyStaged, ...plan.toStage]
    .sort((a, b) => a.display.localeCompare(b.display))
    .map((image) => {
      const status = statusOf(image);
      const refusal = refusals.get(image);
      return {
        file: image.display,
        caption: join(image.subdir, basename(image.path)),
        sourcePath: image.path,
        output: status === 'staged' || status === 'already staged' ? image.output : null,
        status,
        reason: failures.get(image) ?? refusal?.reason,
        hint: refusal?.code === 'unsure-subject' ? MARK_HINT : undefined,
        // The options this run sent; a photo staged before, or never sent, has none.
        options: status === 'already staged' || status === 'not started' ? undefined : image.choice,
      };
    });
}

function refusedWith(batch: BatchResult, code: RefusalCode): { file: string; reason: string }[] {
  return batch.refused
    .filter((refusal) => refusal.code === code)
    .map(({ image, reason }) => ({ file: image.display, reason }));
}

/**
 * Writes the contact sheet and the JSON report, tells how the run went (a summary for people,
 * one summary event with --json) and returns the exit code that says so.
 */
export async function reportRun(run: {
  plan: RunPlan;
  batch: BatchResult;
  creditsLeft: number;
  startedAt: number;
  api: string;
  pricing: string;
  mode: OutputMode;
  logger: Logger;
}): Promise<ExitCode> {
  const { plan, batch, mode, logger } = run;
  const summary: RunSummary = {
    staged: batch.staged.map(({ image }) => ({ file: image.display, output: image.output })),
    skipped: plan.skipped,
    failed: batch.failed.map(({ image, reason }) => ({ file: image.display, reason })),
    markThePiece: refusedWith(batch, 'unsure-subject'),
    notFurniture: refusedWith(batch, 'not-furniture'),
    notStarted: batch.notStarted.map((image) => image.display),
    creditsUsed: batch.staged.length,
    creditsLeft: run.creditsLeft,
    seconds: (Date.now() - run.startedAt) / 1000,
    stopped: batch.stopped,
  };
  const reports = await writeReports({
    entries: sheetEntries(plan, batch),
    summary,
    outDir: plan.outDir,
    generatedAt: new Date(),
  });

  if (mode !== 'json') printSummary(logger, summary, reports, mode);
  if (mode !== 'json' && plan.later.length > 0) logger.info(leftForLaterMessage(plan.later.length, run.pricing));
  // A photo to mark or not furniture is a photo not staged: a partial failure, like any other.
  const unstaged = summary.failed.length + summary.markThePiece.length + summary.notFurniture.length;
  const exitCode = stoppedEarly(summary, run.api, logger) ?? (unstaged > 0 ? EXIT.someFailed : EXIT.ok);
  if (mode === 'json')
    logger.info(
      eventLine({ event: 'summary', ...summary, exitCode, report: reports, leftForLater: plan.later.length }),
    );
  return exitCode;
}
