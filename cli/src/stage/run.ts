import { mkdir } from 'node:fs/promises';
import { assertHdAllowed } from '../plan.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../api/retry.js';
import { openSession } from '../session.js';
import { pricingUrl } from '../siteUrl.js';
import type { CommandContext } from '../commands/context.js';
import { EXIT, type ExitCode } from '../errors/exitCodes.js';
import { approveSpending } from './approval.js';
import { stageBatch, type BatchResult } from './batch.js';
import { dryRun } from './dryRun.js';
import { eventLine } from './events.js';
import { catchInterrupts } from './interrupt.js';
import type { StageOptions } from './options.js';
import { createProgress, type OutputMode } from './progress.js';
import { planRun } from './runPlan.js';
import { StateFile } from './stateFile.js';
import { StopSwitch } from './stopSwitch.js';
import { reportRun } from './summary.js';

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
 * One `flipstage stage`: plan the folder, get the spending approved, stage with Ctrl-C caught
 * for a graceful stop, then report. Returns the exit code.
 */
export async function runStage(
  options: StageOptions,
  ctx: CommandContext,
  retry: RetryPolicy = DEFAULT_RETRY_POLICY,
  quiet = false,
): Promise<ExitCode> {
  const startedAt = Date.now();
  const plan = await planRun(options, process.cwd());
  if (options.dryRun) return dryRun(plan, options, ctx);

  const session = await openSession(ctx.io.env, { connections: options.concurrency, retry, logger: ctx.logger });
  try {
    const account = await session.client.account();
    if (options.hd) assertHdAllowed(account);
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
          ? { staged: [], failed: [], refused: [], notStarted: [], stopped: null }
          : await stageBatch(
              plan.toStage,
              { outDir: plan.outDir, force: options.force, concurrency: options.concurrency },
              {
                client: session.client,
                state: await StateFile.open(plan.outDir),
                progress: createProgress(ctx.logger, { mode }),
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

    return await reportRun({
      plan,
      batch,
      creditsLeft: after,
      startedAt,
      api: session.api,
      pricing,
      mode,
      logger: ctx.logger,
    });
  } finally {
    await session.client.close();
  }
}
