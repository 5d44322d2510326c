import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Command } from 'commander';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, decideGenerateAll } from '@flipstage/core';
import { UNREACHABLE_ADVICE } from '../api/apiError.js';
import { readConfig } from '../config.js';
import { assertHdAllowed } from '../plan.js';
import { apiBaseFor, isSignedIn, openSession } from '../session.js';
import { stageBatch, type BatchResult } from '../stage/batch.js';
import { creditCount, leftForLaterMessage, shortfallMessage } from '../stage/budget.js';
import { pricingUrl } from '../siteUrl.js';
import { SKIP_REASONS } from '../stage/collect.js';
import {
  CONFIRM_ABOVE,
  DEFAULT_CONCURRENCY,
  MAX_CONCURRENCY,
  stageOptionsSchema,
  type StageOptions,
} from '../stage/options.js';
import type { PlannedImage } from '../stage/outputs.js';
import { planLine, planRows, planRun, type Plan } from '../stage/plan.js';
import { eventLine } from '../stage/events.js';
import { catchInterrupts } from '../stage/interrupt.js';
import { createProgress, type OutputMode } from '../stage/progress.js';
import { writeReports, type RunSummary, type SheetEntry } from '../stage/report.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../stage/retry.js';
import { StateFile } from '../stage/stateFile.js';
import { StopSwitch } from '../stage/stopSwitch.js';
import type { CommandContext } from '../utils/context.js';
import { CliError, EXIT, usageError, type ExitCode } from '../utils/exitCodes.js';
import type { Logger } from '../utils/logger.js';
import { canPrompt, confirm } from '../utils/prompts.js';

/** The balance for a dry run, when someone is signed in; a dry run never fails for want of it. */
async function balanceIfSignedIn(ctx: CommandContext): Promise<number | null> {
  if (!isSignedIn(await readConfig(ctx.io.env))) return null;
  try {
    const session = await openSession(ctx.io.env);
    try {
      return (await session.client.account()).creditsRemaining;
    } finally {
      await session.client.close();
    }
  } catch (error) {
    ctx.logger.warn(`Could not read your credits: ${(error as Error).message}`);
    return null;
  }
}

async function dryRun(plan: Plan, options: StageOptions, ctx: CommandContext): Promise<ExitCode> {
  const credits = await balanceIfSignedIn(ctx);
  const pricing = pricingUrl(apiBaseFor(ctx.io.env, await readConfig(ctx.io.env)), ctx.io.env);
  const needed = plan.toStage.length;
  const rows = planRows(plan);
  // Photos staged before are in the plan rows; "skipped" here is what is not a photo to stage at all.
  const notPhotos = plan.skipped.filter((skip) => skip.reason !== SKIP_REASONS.alreadyStaged);
  if (options.json) {
    ctx.logger.json({
      dryRun: true,
      plan: rows,
      toStage: plan.toStage.map((image) => ({ file: image.display, output: image.output })),
      skipped: plan.skipped,
      leftForLater: plan.later.length,
      creditsNeeded: needed,
      creditsAvailable: credits,
    });
    return EXIT.ok;
  }
  const { logger } = ctx;
  logger.info(
    `Would stage ${needed} image${needed === 1 ? '' : 's'} into ${plan.outDir}, using ${creditCount(needed)}:`,
  );
  for (const row of rows) logger.info(`  ${planLine(row)}`);
  if (plan.later.length > 0) logger.info(leftForLaterMessage(plan.later.length, pricing));
  if (notPhotos.length > 0) logger.info(`Would skip ${notPhotos.length}:`);
  for (const skip of notPhotos) logger.info(`  ${skip.file}: ${skip.reason}`);
  if (credits !== null) {
    const decision = decideGenerateAll(needed, credits);
    if (decision.kind === 'not-enough-credits') logger.warn(shortfallMessage(needed, credits, pricing));
    else logger.info(`You have ${creditCount(credits)}.`);
  }
  logger.info('Dry run: nothing was staged and no credits were spent.');
  return EXIT.ok;
}

function printSummary(
  logger: Logger,
  summary: RunSummary,
  reports: { html: string; json: string },
  mode: OutputMode,
): void {
  const p = logger.paint;
  logger.info(
    `${p('green', `Staged ${summary.staged.length}`)}, skipped ${summary.skipped.length}, ${summary.failed.length > 0 ? p('red', `failed ${summary.failed.length}`) : 'failed 0'} in ${summary.seconds.toFixed(1)} s.`,
  );
  logger.info(`Credits used: ${summary.creditsUsed}, left: ${summary.creditsLeft}.`);
  // --quiet has already printed each failure as it happened, and lists nothing skipped.
  if (mode === 'text') {
    for (const failure of summary.failed) logger.info(`  ${p('red', 'failed')}  ${failure.file}: ${failure.reason}`);
    for (const skip of summary.skipped) logger.info(`  ${p('dim', 'skipped')} ${skip.file}: ${skip.reason}`);
  }
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

/**
 * The balance to report at the end. The server may be gone by then (that may be why the run
 * stopped), so the last balance a stage response gave stands in for it.
 */
async function finalBalance(read: () => Promise<number>, batch: BatchResult, before: number): Promise<number> {
  try {
    return await read();
  } catch {
    return batch.staged.length > 0 ? Math.min(...batch.staged.map((s) => s.creditsRemaining)) : before;
  }
}

/**
 * Spec §5's Generate All rule applied to the folder: not enough credits stops the run (exit 4)
 * before anything is spent; more than 20 images needs a yes (asked, or --yes).
 */
async function approveSpending(
  count: number,
  credits: number,
  options: StageOptions,
  ctx: CommandContext,
  pricing: string,
  heldBack: number,
): Promise<boolean> {
  const decision = decideGenerateAll(count, credits);
  if (decision.kind === 'not-enough-credits') {
    throw new CliError(shortfallMessage(count, credits, pricing), EXIT.notEnoughCredits);
  }
  if (decision.kind === 'nothing-left') {
    // With every photo held back by --max-credits the summary says so; "all processed" would be wrong.
    if (!options.json && heldBack === 0) ctx.logger.info(decision.message);
    return true;
  }
  if (decision.count <= CONFIRM_ABOVE || options.yes) return true;
  if (!canPrompt(ctx.io)) throw usageError(`${decision.message} Pass --yes to confirm when not running in a terminal.`);
  return confirm(ctx.io, decision.message);
}

/** Every photo of the plan for the contact sheet, in name order, with what happened to it. */
export function sheetEntries(
  plan: Pick<Plan, 'toStage' | 'alreadyStaged'>,
  batch: Pick<BatchResult, 'staged' | 'failed' | 'notStarted'>,
): SheetEntry[] {
  const stagedNow = new Set(batch.staged.map(({ image }) => image));
  const failures = new Map(batch.failed.map(({ image, reason }) => [image, reason]));
  const notStarted = new Set(batch.notStarted);
  const statusOf = (image: PlannedImage): SheetEntry['status'] => {
    if (stagedNow.has(image)) return 'staged';
    if (failures.has(image)) return 'failed';
    return notStarted.has(image) ? 'not started' : 'already staged';
  };
  return [...plan.alreadyStaged, ...plan.toStage]
    .sort((a, b) => a.display.localeCompare(b.display))
    .map((image) => {
      const status = statusOf(image);
      return {
        file: image.display,
        caption: join(image.subdir, basename(image.path)),
        sourcePath: image.path,
        output: status === 'staged' || status === 'already staged' ? image.output : null,
        status,
        reason: failures.get(image),
        options: status === 'staged' || status === 'failed' ? image.choice : undefined,
      };
    });
}

export async function runStage(
  options: StageOptions,
  ctx: CommandContext,
  retry: RetryPolicy = DEFAULT_RETRY_POLICY,
  quiet = false,
): Promise<ExitCode> {
  const startedAt = Date.now();
  const plan = await planRun(options, process.cwd());
  if (options.dryRun) return dryRun(plan, options, ctx);

  const session = await openSession(ctx.io.env, { connections: options.concurrency });
  try {
    const account = await session.client.account();
    if (options.hd) assertHdAllowed(account, ctx.io.env);
    const before = account.creditsRemaining;
    const pricing = pricingUrl(session.api, ctx.io.env);
    if (!(await approveSpending(plan.toStage.length, before, options, ctx, pricing, plan.later.length))) {
      ctx.logger.info('Nothing was staged.');
      return EXIT.ok;
    }

    await mkdir(plan.outDir, { recursive: true });
    const mode: OutputMode = options.json ? 'json' : quiet ? 'quiet' : 'text';
    if (mode === 'json') {
      for (const skip of plan.skipped) ctx.logger.info(eventLine({ event: 'skipped', ...skip }));
    }
    const stop = new StopSwitch();
    const release = catchInterrupts(process, () => {
      stop.stop('interrupted');
      ctx.logger.warn(
        'Stopping: finishing the photos in flight (they are paid for). Press Ctrl-C again to quit at once.',
      );
    });
    let batch: BatchResult;
    try {
      batch =
        plan.toStage.length === 0
          ? { staged: [], failed: [], notStarted: [], stopped: null }
          : await stageBatch(
              plan.toStage,
              { outDir: plan.outDir, force: options.force, concurrency: options.concurrency },
              {
                client: session.client,
                state: await StateFile.open(plan.outDir),
                progress: createProgress(ctx.logger, { mode }),
                retry,
                stop,
              },
            );
    } finally {
      release();
    }
    const after =
      plan.toStage.length > 0
        ? await finalBalance(async () => (await session.client.account()).creditsRemaining, batch, before)
        : before;

    const summary: RunSummary = {
      staged: batch.staged.map(({ image }) => ({ file: image.display, output: image.output })),
      skipped: plan.skipped,
      failed: batch.failed.map(({ image, reason }) => ({ file: image.display, reason })),
      notStarted: batch.notStarted.map((image) => image.display),
      creditsUsed: batch.staged.length,
      creditsLeft: after,
      seconds: (Date.now() - startedAt) / 1000,
      stopped: batch.stopped,
    };
    const reports = await writeReports({
      entries: sheetEntries(plan, batch),
      summary,
      outDir: plan.outDir,
      generatedAt: new Date(),
    });

    if (mode !== 'json') printSummary(ctx.logger, summary, reports, mode);
    if (mode !== 'json' && plan.later.length > 0) ctx.logger.info(leftForLaterMessage(plan.later.length, pricing));
    const exitCode =
      stoppedEarly(summary, session.api, ctx.logger) ?? (summary.failed.length > 0 ? EXIT.someFailed : EXIT.ok);
    if (mode === 'json')
      ctx.logger.info(
        eventLine({ event: 'summary', ...summary, exitCode, report: reports, leftForLater: plan.later.length }),
      );
    return exitCode;
  } finally {
    await session.client.close();
  }
}

export function stageCommand(ctx: CommandContext): Command {
  return new Command('stage')
    .description('stage every furniture photo in a folder (or the files given) into --out')
    .argument('<paths...>', 'folders and/or image files')
    .option('-o, --out <dir>', 'folder for the staged images and the report (required)')
    .option('-s, --style <style>', `design style: ${DESIGN_STYLE_IDS.join(', ')}`)
    .option(
      '-t, --type <type>',
      `furniture type where no manifest or folder name gives one: ${FURNITURE_TYPE_IDS.join(', ')}`,
    )
    .option('-p, --prompt <text>', 'custom background prompt (instead of the style and type prompt)')
    .option('--hd', 'ask for HD output (Flipper and Premium plans)', false)
    .option('-c, --concurrency <n>', `images staged at once, 1-${MAX_CONCURRENCY}`, String(DEFAULT_CONCURRENCY))
    .option('-r, --recursive', 'include sub-folders', false)
    .option('--dry-run', 'list what would be staged and what it would cost; spend nothing', false)
    .option('-y, --yes', `do not ask before staging more than ${CONFIRM_ABOVE} images`, false)
    .option('-f, --force', 'stage again even photos already staged with the same options', false)
    .option('--name <template>', 'output file name from {name}, {style} and {type}; default "{name}.staged"')
    .option('--manifest <file>', 'CSV or JSON (file, type, style, prompt) giving each photo its own options')
    .option('--max-credits <n>', 'stage at most n photos now, in path order; the rest wait for a later run')
    .option('--json', 'print one JSON object per line as photos are staged, then a summary', false)
    .option('-q, --quiet', 'print only errors and the final summary', false)
    .action(async (paths: string[], raw: Record<string, unknown>) => {
      ctx.useJson(raw.json === true);
      const options = stageOptionsSchema.parse({ ...raw, inputs: paths });
      ctx.finish(await runStage(options, ctx, DEFAULT_RETRY_POLICY, raw.quiet === true));
    });
}
