import type { ExitCode } from '../errors/exitCodes.js';
import type { CliIo, Logger } from '../output/logger.js';

/** What every command gets from the program: its streams, the logger, and where its outcome goes. */
export interface CommandContext {
  io: CliIo;
  logger: Logger;
  /** A command's action reports its exit code here (errors thrown are mapped by handleError). */
  finish(code: ExitCode): void;
  /** Set by commands with --json, so errors are reported as JSON too. */
  useJson(json: boolean): void;
}
