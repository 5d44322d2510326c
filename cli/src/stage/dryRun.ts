import { decideGenerateAll } from '@flipstage/core';
import { readConfig } from '../config.js';
import { apiBaseFor, isSignedIn, openSession } from '../session.js';
import { pricingUrl } from '../siteUrl.js';
import type { CommandContext } from '../commands/context.js';
import { EXIT, type ExitCode } from '../errors/exitCodes.js';
import { creditCount, leftForLaterMessage, shortfallMessage } from './budget.js';
import { SKIP_REASONS } from './collect.js';
import type { StageOptions } from './options.js';
import { planLine, planRows, type RunPlan } from './runPlan.js';

/** The balance for a dry run, when someone is signed in; a dry run never fails for want of it. */
async function balanceIfSignedIn(ctx: CommandContext): Promise<number | null> {
  if (!isSignedIn(await readConfig(ctx.io.env))) return null;
  try {
    const session = await openSession(ctx.io.env, { logger: ctx.logger });
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

export async function dryRun(plan: RunPlan, options: StageOptions, ctx: CommandContext): Promise<ExitCode> {
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
