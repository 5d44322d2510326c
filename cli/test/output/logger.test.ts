import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/output/logger.js';

function capture(isTTY: boolean, env: NodeJS.ProcessEnv = {}) {
  const err: string[] = [];
  const logger = createLogger({
    stdout: { write: () => true, isTTY },
    stderr: { write: (text: string) => err.push(text), isTTY },
    stdin: process.stdin,
    env,
  });
  return { logger, err };
}

describe('createLogger colours', () => {
  it('colours errors on a terminal', () => {
    const { logger, err } = capture(true);
    logger.error('boom');
    expect(err).toEqual(['\u001b[31mboom\u001b[39m\n']);
  });

  it('writes plain text when NO_COLOR is set or the stream is not a terminal', () => {
    const noColor = capture(true, { NO_COLOR: '1' });
    const piped = capture(false);
    noColor.logger.warn('careful');
    piped.logger.warn('careful');
    expect([...noColor.err, ...piped.err]).toEqual(['careful\n', 'careful\n']);
  });

  it('dims with the same codes the terminal expects', () => {
    expect(capture(true).logger.paint('dim', 'skipped')).toBe('\u001b[2mskipped\u001b[22m');
  });
});
