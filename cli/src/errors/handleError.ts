import { CommanderError } from 'commander';
import { z } from 'zod';
import { ApiError, NetworkError, UNREACHABLE_ADVICE } from '../api/apiError.js';
import { CliError, EXIT, NOT_SIGNED_IN_MESSAGE, type ExitCode } from './exitCodes.js';
import type { Logger } from '../output/logger.js';

/** Which exit code an error ends the process with (0 all done, 1 failed, 2 usage, 3 not signed in, 4 credits, 5 no server). */
export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  if (error instanceof z.ZodError) return EXIT.usage;
  if (error instanceof NetworkError) return EXIT.serverUnreachable;
  if (error instanceof ApiError) {
    if (error.status === 401) return EXIT.notSignedIn;
    if (error.status === 402) return EXIT.notEnoughCredits;
  }
  return EXIT.someFailed;
}

export function messageFor(error: unknown): string {
  if (error instanceof z.ZodError) return error.issues.map((issue) => issue.message).join('\n');
  if (error instanceof ApiError && error.status === 401) return `${error.message} ${NOT_SIGNED_IN_MESSAGE}`;
  if (error instanceof NetworkError) return `${error.message} ${UNREACHABLE_ADVICE}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The one place a failed command is reported. Commander has already printed its own usage errors. */
export function handleError(error: unknown, logger: Logger, options: { json: boolean }): ExitCode {
  const exitCode = exitCodeFor(error);
  if (error instanceof CommanderError) return exitCode;
  const message = messageFor(error);
  // One line, so a script reading `stage --json` events line by line can read the error too.
  if (options.json) logger.json({ error: { message, exitCode } });
  else logger.error(message);
  return exitCode;
}
