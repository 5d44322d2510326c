import { Command } from 'commander';
import type { AccountResponse } from '@flipstage/core';
import { planOf } from '../plan.js';
import { openSession } from '../session.js';
import type { CommandContext } from './context.js';
import { EXIT, type ExitCode } from '../errors/exitCodes.js';

/** The plan's name when its price id is known (local mode's or the configured Stripe ones), with its status. */
export function describePlan(
  user: Pick<AccountResponse, 'planId' | 'stripeSubscriptionStatus'>,
  env: NodeJS.ProcessEnv,
): string {
  if (!user.planId) return 'No plan (free credits)';
  const name = planOf(user, env)?.name ?? user.planId;
  return user.stripeSubscriptionStatus ? `${name} (${user.stripeSubscriptionStatus})` : name;
}

/** What whoami and credits report, both read from the account the API answers with. */
export function accountSummary(account: AccountResponse, env: NodeJS.ProcessEnv) {
  return {
    email: account.email,
    plan: describePlan(account, env),
    planId: account.planId,
    planIsActive: account.planIsActive,
    credits: account.creditsRemaining,
  };
}

export async function runWhoami(options: { json: boolean }, ctx: CommandContext): Promise<ExitCode> {
  const session = await openSession(ctx.io.env, { logger: ctx.logger });
  try {
    const summary = accountSummary(await session.client.account(), ctx.io.env);
    if (options.json) {
      ctx.logger.json({ ...summary, api: session.api });
    } else {
      ctx.logger.info(summary.email);
      ctx.logger.info(`Plan: ${summary.plan}`);
      ctx.logger.info(`Credits: ${summary.credits}`);
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
