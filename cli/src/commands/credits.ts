import { Command } from 'commander';
import { openSession } from '../session.js';
import { pricingUrl } from '../siteUrl.js';
import type { CommandContext } from './context.js';
import { EXIT, type ExitCode } from '../errors/exitCodes.js';
import { accountSummary } from './whoami.js';

export async function runCredits(options: { json: boolean }, ctx: CommandContext): Promise<ExitCode> {
  const session = await openSession(ctx.io.env, { logger: ctx.logger });
  try {
    const { credits, plan, planIsActive } = accountSummary(await session.client.account(), ctx.io.env);
    if (options.json) {
      ctx.logger.json({ credits, plan, planIsActive });
      return EXIT.ok;
    }
    ctx.logger.info(`Credits: ${credits}`);
    ctx.logger.info(`Plan: ${plan}`);
    if (credits === 0) ctx.logger.info(`Buy more credits at ${pricingUrl(session.api, ctx.io.env)}`);
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
