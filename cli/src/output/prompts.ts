import { Writable } from 'node:stream';
import { createInterface } from 'node:readline/promises';
import type { CliIo } from './logger.js';

export function canPrompt(io: CliIo): boolean {
  return Boolean(io.stdin.isTTY);
}

/** Asks on stderr (stdout stays for results) and reads one line from stdin. */
async function askLine(io: CliIo, question: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) io.stderr.write(chunk.toString());
      done();
    },
  });
  const rl = createInterface({ input: io.stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    // Typed characters of a password are echoed through `output`; swallow them after the question.
    muted = hidden;
    const text = await answer;
    if (hidden) io.stderr.write('\n');
    return text.trim();
  } finally {
    rl.close();
  }
}

export function ask(io: CliIo, question: string): Promise<string> {
  return askLine(io, question, false);
}

export function askSecret(io: CliIo, question: string): Promise<string> {
  return askLine(io, question, true);
}

export async function confirm(io: CliIo, question: string): Promise<boolean> {
  const answer = await ask(io, `${question} [y/N] `);
  return /^y(es)?$/i.test(answer);
}
