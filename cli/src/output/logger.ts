import { styleText } from 'node:util';

/**
 * The CLI's one logger. Results go to stdout, progress and diagnostics to stderr, so
 * `flipstage stage … --json > summary.json` stays machine-readable.
 */
export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean | undefined };
  env: NodeJS.ProcessEnv;
}

export function defaultIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

type Tone = 'red' | 'green' | 'yellow' | 'cyan' | 'dim';

/** https://no-color.org: colour only on a terminal, and never when NO_COLOR is set to anything. */
export function colorEnabled(stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  const noColor = env.NO_COLOR;
  return Boolean(stream.isTTY) && (noColor === undefined || noColor === '');
}

export type Paint = (tone: Tone, text: string) => string;

/** styleText would judge process.stdout; each stream's own colorEnabled has already decided. */
export function painter(enabled: boolean): Paint {
  return (tone, text) => (enabled ? styleText(tone, text, { validateStream: false }) : text);
}

export interface Logger {
  /** A result line on stdout. */
  info(message: string): void;
  success(message: string): void;
  /** A diagnostic on stderr. */
  warn(message: string): void;
  error(message: string): void;
  /** One JSON document on stdout, on one line, so scripts can read output line by line. */
  json(value: unknown): void;
  /** Progress output goes to stderr; these tell the progress renderer how to draw. */
  readonly progressStream: OutputStream;
  readonly paintProgress: Paint;
  readonly paint: Paint;
}

export function createLogger(io: CliIo): Logger {
  const out = painter(colorEnabled(io.stdout, io.env));
  const err = painter(colorEnabled(io.stderr, io.env));
  return {
    info: (message) => io.stdout.write(`${message}\n`),
    success: (message) => io.stdout.write(`${out('green', message)}\n`),
    warn: (message) => io.stderr.write(`${err('yellow', message)}\n`),
    error: (message) => io.stderr.write(`${err('red', message)}\n`),
    json: (value) => io.stdout.write(`${JSON.stringify(value)}\n`),
    progressStream: io.stderr,
    paintProgress: err,
    paint: out,
  };
}
