import { Command } from 'commander';
import { readConfig, writeConfig } from '../config.js';
import { isSignedIn } from '../session.js';
import type { CommandContext } from './context.js';
import { EXIT, type ExitCode } from '../errors/exitCodes.js';

/** Forgets the credential but keeps the backend settings, so the next login goes to the same place. */
export async function runLogout(ctx: CommandContext): Promise<ExitCode> {
  const config = await readConfig(ctx.io.env);
  if (!isSignedIn(config)) {
    ctx.logger.info('You are not signed in.');
    return EXIT.ok;
  }
  const { email, uid: _uid, refreshToken: _refreshToken, ...settings } = config;
  await writeConfig(ctx.io.env, settings);
  ctx.logger.success(`Signed out${email ? ` of ${email}` : ''}.`);
  return EXIT.ok;
}

export function logoutCommand(ctx: CommandContext): Command {
  return new Command('logout').description('sign out and forget the stored session').action(async () => {
    ctx.finish(await runLogout(ctx));
  });
}
