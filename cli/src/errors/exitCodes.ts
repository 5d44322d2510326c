/** The CLI's exit codes (issue 7), so scripts can branch on why a run stopped. */
export const EXIT = {
  ok: 0,
  someFailed: 1,
  usage: 2,
  notSignedIn: 3,
  notEnoughCredits: 4,
  serverUnreachable: 5,
  /** 128 + SIGINT, what shells report for a run stopped with Ctrl-C. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error the user can act on: its message is shown as is, and it decides the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

export const NOT_SIGNED_IN_MESSAGE = 'You are not signed in. Run `flipstage login` first.';

export function notSignedIn(message: string = NOT_SIGNED_IN_MESSAGE): CliError {
  return new CliError(message, EXIT.notSignedIn);
}
