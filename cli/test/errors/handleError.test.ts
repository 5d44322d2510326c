import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, NetworkError } from '../../src/api/apiError.js';
import { CliError, EXIT } from '../../src/errors/exitCodes.js';
import { exitCodeFor, handleError } from '../../src/errors/handleError.js';
import { createLogger } from '../../src/output/logger.js';

describe('exitCodeFor', () => {
  it('uses the code a CliError carries', () => {
    expect(exitCodeFor(new CliError('need credits', EXIT.notEnoughCredits))).toBe(4);
  });

  it('maps invalid options to 2 (usage)', () => {
    expect(exitCodeFor(z.string().safeParse(1).error)).toBe(2);
  });

  it('maps commander usage errors to 2 and help/version to 0', () => {
    expect(exitCodeFor(new CommanderError(1, 'commander.unknownCommand', 'unknown command'))).toBe(2);
    expect(exitCodeFor(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'))).toBe(0);
  });

  it('maps a 401 from the API to 3 (not signed in)', () => {
    expect(exitCodeFor(new ApiError(401, 'Your session has expired. Please sign in again.'))).toBe(3);
  });

  it('maps a 402 from the API to 4 (not enough credits)', () => {
    expect(exitCodeFor(new ApiError(402, 'You need credits to generate images.'))).toBe(4);
  });

  it('maps a request that never got an answer to 5 (server unreachable)', () => {
    expect(exitCodeFor(new NetworkError('refused'))).toBe(5);
  });

  it('maps anything else to 1', () => {
    expect(exitCodeFor(new ApiError(500, 'boom'))).toBe(1);
    expect(exitCodeFor(new Error('disk full'))).toBe(1);
  });
});

describe('handleError', () => {
  function capture(env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const logger = createLogger({
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: (text: string) => err.push(text) },
      stdin: process.stdin,
      env,
    });
    return { logger, out, err };
  }

  it('prints the message on stderr', () => {
    const { logger, out, err } = capture();
    expect(handleError(new CliError('You are not signed in.', EXIT.notSignedIn), logger, { json: false })).toBe(3);
    expect(err.join('')).toBe('You are not signed in.\n');
    expect(out).toEqual([]);
  });

  it('prints the error as one JSON line on stdout with --json', () => {
    const { logger, out } = capture();
    handleError(new CliError('You need 3 credits.', EXIT.notEnoughCredits), logger, { json: true });
    expect(out).toEqual(['{"error":{"message":"You need 3 credits.","exitCode":4}}\n']);
  });

  it('says what to check when the server cannot be reached', () => {
    const { logger, err } = capture();
    expect(
      handleError(new NetworkError('Could not reach http://127.0.0.1:1: connect ECONNREFUSED'), logger, {
        json: false,
      }),
    ).toBe(5);
    expect(err.join('')).toContain('FLIPSTAGE_API');
  });
});
