import { Command } from 'commander';
import type { MergedUser } from '@flipstage/core';
import { planOf } from '../plan.js';
import { openSession } from '../session.js';
import type { CommandContext } from '../utils/context.js';
import { EXIT, type ExitCode } from '../utils/exitCodes.js';

/** The plan's name when its price id is known (local mode's or the configured Stripe ones), with its status. */
export function describePlan(
  user: Pick<MergedUser, 'planId' | 'stripeSubscriptionStatus'>,
  env: NodeJS.ProcessEnv,
): string {
  if (!user.planId) return 'No plan (free credits)';
  const name = planOf(user, env)?.name ?? user.planId;
  return user.stripeSubscriptionStatus ? `${name} (${user.stripeSubscriptionStatus})` : name;
}

export async function runWhoami(options: { json: boolean }, ctx: CommandContext): Promise<ExitCode> {
  const session = await openSession(ctx.io.env);
  try {
    const user = await session.client.account();
    const plan = describePlan(user, ctx.io.env);
    if (options.json) {
      ctx.logger.json({
        email: user.email,
        plan,
        planId: user.planId,
        planIsActive: user.planIsActive,
        credits: user.creditsRemaining,
        api: session.api,
      });
    } else {
      ctx.logger.info(user.email);
      ctx.logger.info(`Plan: ${plan}`);
      ctx.logger.info(`Credits: ${user.creditsRemaining}`);
    }
    return EXIT.ok;
  } finally {
    await session.client.close();
  }
}

export function whoamiCommand(ctx: CommandContext): Command {
  return new Command('whoami')
    .description('show the signed-in account: email, plan and credits')
    .option('--json', 'print JSON')
    .action(async (raw: { json?: boolean }) => {
      const json = raw.json === true;
      ctx.useJson(json);
      ctx.finish(await runWhoami({ json }, ctx));
    });
}
