import { decideGenerateAll } from '@flipstage/core';
import type { CommandContext } from '../commands/context.js';
import { CliError, EXIT, usageError } from '../errors/exitCodes.js';
import { canPrompt, confirm } from '../output/prompts.js';
import { shortfallMessage } from './budget.js';
import { CONFIRM_ABOVE, type StageOptions } from './options.js';

/**
 * Spec §5's Generate All rule applied to the folder: not enough credits stops the run (exit 4)
 * before anything is spent; more than 20 images needs a yes (asked, or --yes).
 */
export async function approveSpending(
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
