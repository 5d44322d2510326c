import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { creditsCommand } from './commands/credits.js';
import { listingsCommand } from './commands/listings.js';
import { piecesCommand } from './commands/pieces.js';
import { loginCommand } from './commands/login.js';
import { logoutCommand } from './commands/logout.js';
import { stageCommand } from './commands/stage.js';
import { whoamiCommand } from './commands/whoami.js';
import type { CommandContext } from './commands/context.js';
import { EXIT, type ExitCode } from './errors/exitCodes.js';
import { handleError } from './errors/handleError.js';
import { createLogger, defaultIo, type CliIo } from './output/logger.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Runs one invocation and returns its exit code; never calls process.exit itself. */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo()): Promise<ExitCode> {
  const logger = createLogger(io);
  let exitCode: ExitCode = EXIT.ok;
  let json = false;
  const ctx: CommandContext = {
    io,
    logger,
    finish: (code) => {
      exitCode = code;
    },
    useJson: (value) => {
      json = value;
    },
  };

  const program = new Command('flipstage')
    .description('Stage furniture photos from your terminal with your FlipStage account.')
    .version(version)
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  for (const command of [
    loginCommand(ctx),
    logoutCommand(ctx),
    whoamiCommand(ctx),
    creditsCommand(ctx),
    stageCommand(ctx),
    listingsCommand(ctx),
    piecesCommand(ctx),
  ]) {
    program.addCommand(command.copyInheritedSettings(program));
  }

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    return handleError(error, logger, { json });
  }
}
