import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/output/logger.js';
import { createProgress, formatDuration, formatProgressLine, rateAndEta } from '../../src/stage/progress.js';

describe('formatDuration', () => {
  it.each([
    [7, '0:07'],
    [750, '12:30'],
    [3723, '1:02:03'],
  ])('%i s is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('rateAndEta', () => {
  it('measures images per second and the time left at that rate', () => {
    expect(rateAndEta({ done: 10, total: 40, elapsedMs: 5000 })).toEqual({ rate: 2, etaSeconds: 15 });
  });

  it('has no ETA before the first image is done', () => {
    expect(rateAndEta({ done: 0, total: 40, elapsedMs: 5000 }).etaSeconds).toBeNull();
  });
});

describe('formatProgressLine', () => {
  it('shows the bar, the count, the rate and the ETA', () => {
    expect(formatProgressLine({ done: 10, total: 40, elapsedMs: 5000 }, 80)).toBe(
      `[${'#'.repeat(10)}${'-'.repeat(30)}] 10/40  2.0 img/s  ETA 0:15`,
    );
  });

  it('fits a narrow terminal', () => {
    expect(formatProgressLine({ done: 1, total: 2, elapsedMs: 1000 }, 40).length).toBeLessThanOrEqual(40);
  });
});

describe('createProgress', () => {
  function sink(isTTY: boolean) {
    const written: string[] = [];
    const stdout: string[] = [];
    const logger = createLogger({
      stdout: { write: (text: string) => stdout.push(text) },
      stderr: { write: (text: string) => written.push(text), isTTY, columns: 80 },
      stdin: process.stdin,
      env: { NO_COLOR: '1' },
    });
    return { logger, written, stdout };
  }

  it('prints one plain line per image when stderr is not a terminal', () => {
    const { logger, written } = sink(false);
    const progress = createProgress(logger, { mode: 'text' });
    progress.begin(2);
    progress.done({ file: 'a.jpg', status: 'staged', output: 'a.staged.jpg', editId: 'e1' });
    progress.done({ file: 'b.jpg', status: 'failed', reason: 'not supported' });
    progress.end();
    expect(written).toEqual(['[1/2] staged a.jpg -> a.staged.jpg\n', '[2/2] failed b.jpg: not supported\n']);
  });

  it('redraws one bar on a terminal, without colour under NO_COLOR', () => {
    const { logger, written } = sink(true);
    let now = 0;
    const progress = createProgress(logger, { mode: 'text', now: () => now });
    progress.begin(2);
    now = 1000;
    progress.done({ file: 'a.jpg', status: 'staged', output: 'a.staged.jpg', editId: 'e1' });
    progress.end();
    expect(written.at(-2)).toBe(`\r\u001b[2K[${'#'.repeat(20)}${'-'.repeat(20)}] 1/2  1.0 img/s  ETA 0:01`);
    expect(written.join('')).not.toContain('\u001b[3');
  });

  it('prints one JSON event per settled photo on stdout with --json, and nothing on stderr', () => {
    const { logger, written, stdout } = sink(false);
    const progress = createProgress(logger, { mode: 'json' });
    progress.begin(2);
    progress.note('Retrying a.jpg');
    progress.done({ file: 'a.jpg', status: 'staged', output: 'a.staged.jpg', editId: 'e1' });
    progress.done({ file: 'b.jpg', status: 'failed', reason: 'not supported' });
    progress.end();
    expect(stdout.map((line) => JSON.parse(line))).toEqual([
      { event: 'staged', file: 'a.jpg', output: 'a.staged.jpg', editId: 'e1', credits: 1 },
      { event: 'failed', file: 'b.jpg', reason: 'not supported' },
    ]);
    expect(written).toEqual([]);
  });

  it('says which photos to mark and which are not furniture, as each settles', () => {
    const { logger, written } = sink(false);
    const progress = createProgress(logger, { mode: 'text' });
    progress.begin(2);
    progress.done({ file: 'a.jpg', status: 'refused', code: 'unsure-subject', reason: 'Mark it.' });
    progress.done({ file: 'b.jpg', status: 'refused', code: 'not-furniture', reason: 'A cat.' });
    progress.end();
    expect(written).toEqual(['[1/2] mark the piece a.jpg: Mark it.\n', '[2/2] not furniture b.jpg: A cat.\n']);
  });

  it('prints a refused photo as a refused event with its code under --json, and says it under --quiet', () => {
    const json = sink(false);
    const events = createProgress(json.logger, { mode: 'json' });
    events.done({ file: 'a.jpg', status: 'refused', code: 'unsure-subject', reason: 'Mark it.' });
    expect(json.stdout.map((line) => JSON.parse(line))).toEqual([
      { event: 'refused', file: 'a.jpg', code: 'unsure-subject', reason: 'Mark it.' },
    ]);
    const quiet = sink(false);
    createProgress(quiet.logger, { mode: 'quiet' }).done({
      file: 'a.jpg',
      status: 'refused',
      code: 'unsure-subject',
      reason: 'Mark it.',
    });
    expect(quiet.written).toEqual(['mark the piece a.jpg: Mark it.\n']);
  });

  it('prints only the failures with --quiet', () => {
    const { logger, written, stdout } = sink(false);
    const progress = createProgress(logger, { mode: 'quiet' });
    progress.begin(2);
    progress.note('Retrying a.jpg');
    progress.done({ file: 'a.jpg', status: 'staged', output: 'a.staged.jpg', editId: 'e1' });
    progress.done({ file: 'b.jpg', status: 'failed', reason: 'not supported' });
    progress.end();
    expect(written).toEqual(['failed b.jpg: not supported\n']);
    expect(stdout).toEqual([]);
  });
});
