import { Command } from 'commander';
import { openSession } from '../session.js';
import { pricingUrl } from '../siteUrl.js';
import type { CommandContext } from '../utils/context.js';
import { EXIT, type ExitCode } from '../utils/exitCodes.js';
import { describePlan } from './whoami.js';

export async function runCredits(options: { json: boolean }, ctx: CommandContext): Promise<ExitCode> {
  const session = await openSession(ctx.io.env);
  try {
    const user = await session.client.account();
    const plan = describePlan(user, ctx.io.env);
    if (options.json) {
      ctx.logger.json({ credits: user.creditsRemaining, plan, planIsActive: user.planIsActive });
      return EXIT.ok;
    }
    ctx.logger.info(`Credits: ${user.creditsRemaining}`);
    ctx.logger.info(`Plan: ${plan}`);
    if (user.creditsRemaining === 0) ctx.logger.info(`Buy more credits at ${pricingUrl(session.api, ctx.io.env)}`);
    return EXIT.ok;
  } finally {
    await session.client.close();
  }
}

export function creditsCommand(ctx: CommandContext): Command {
  return new Command('credits')
    .description('show your credit balance and plan')
    .option('--json', 'print JSON')
    .action(async (raw: { json?: boolean }) => {
      const json = raw.json === true;
      ctx.useJson(json);
      ctx.finish(await runCredits({ json }, ctx));
    });
}
