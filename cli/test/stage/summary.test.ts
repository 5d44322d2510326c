import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { EXIT } from '../../src/errors/exitCodes.js';
import { createLogger } from '../../src/output/logger.js';
import type { PlannedImage } from '../../src/stage/outputs.js';
import { MARK_HINT } from '../../src/stage/refusals.js';
import { reportRun, sheetEntries } from '../../src/stage/summary.js';

const image = (name: string, furnitureType: PlannedImage['choice']['furnitureType'] = 'dresser'): PlannedImage => ({
  path: `/photos/${name}.jpg`,
  display: `photos/${name}.jpg`,
  subdir: '',
  kind: 'jpeg',
  output: `${name}.staged.jpg`,
  choice: { style: 'modern', furnitureType, mode: 'auto', prompt: 'a room', hd: false },
});

const notFurnitureMessage = MESSAGES.notFurniture('a cat');

describe('sheetEntries', () => {
  const bed = image('bed');
  const chair = image('chair', 'chair');
  const desk = image('desk');
  const sofa = image('sofa');
  const entries = sheetEntries(
    { alreadyStaged: [desk], toStage: [chair, bed, sofa] },
    {
      staged: [{ image: chair, editId: 'e1', creditsRemaining: 9 }],
      failed: [{ image: bed, reason: 'not supported' }],
      refused: [],
      notStarted: [sofa],
    },
  );

  it('lists every photo of the run in name order', () => {
    expect(entries.map((entry) => entry.file)).toEqual([
      'photos/bed.jpg',
      'photos/chair.jpg',
      'photos/desk.jpg',
      'photos/sofa.jpg',
    ]);
  });

  it('shows staged and earlier-staged photos with their output, failed ones with the reason', () => {
    expect(entries.map(({ status, output, reason }) => [status, output, reason])).toEqual([
      ['failed', null, 'not supported'],
      ['staged', 'chair.staged.jpg', undefined],
      ['already staged', 'desk.staged.jpg', undefined],
      ['not started', null, undefined],
    ]);
  });

  it('captions each photo with its path inside its folder', () => {
    expect(entries.map((entry) => entry.caption)).toEqual(['bed.jpg', 'chair.jpg', 'desk.jpg', 'sofa.jpg']);
  });

  it('keeps the options only for the photos this run sent', () => {
    expect(entries.map((entry) => entry.options !== undefined)).toEqual([true, true, false, false]);
  });

  it("keeps each photo's own options, as its manifest entry or folder gave them", () => {
    expect(entries.map((entry) => entry.options?.furnitureType)).toEqual(['dresser', 'chair', undefined, undefined]);
  });

  it('shows a photo the server was unsure about as "mark the piece", with its message and how to add a box', () => {
    const [entry] = sheetEntries(
      { alreadyStaged: [], toStage: [bed] },
      {
        staged: [],
        failed: [],
        refused: [{ image: bed, code: 'unsure-subject', reason: MESSAGES.unsureSubject }],
        notStarted: [],
      },
    );
    expect(entry).toMatchObject({ status: 'mark the piece', reason: MESSAGES.unsureSubject, hint: MARK_HINT });
    expect(entry?.output).toBeNull();
  });

  it('shows a photo of no furniture as "not furniture", with the message and no box hint', () => {
    const [entry] = sheetEntries(
      { alreadyStaged: [], toStage: [bed] },
      {
        staged: [],
        failed: [],
        refused: [{ image: bed, code: 'not-furniture', reason: notFurnitureMessage }],
        notStarted: [],
      },
    );
    expect(entry).toMatchObject({ status: 'not furniture', reason: notFurnitureMessage, hint: undefined });
  });
});

describe('reportRun', () => {
  let outDir: string;
  beforeEach(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'flipstage-summary-'));
  });
  afterEach(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  async function report(mode: 'text' | 'json') {
    const out: string[] = [];
    const logger = createLogger({
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: () => true },
      stdin: process.stdin,
      env: { NO_COLOR: '1' },
    });
    const [chair, bed, cat] = [image('chair', 'chair'), image('bed'), image('cat')];
    const exitCode = await reportRun({
      plan: { outDir, toStage: [chair, bed, cat], alreadyStaged: [], later: [], skipped: [] },
      batch: {
        staged: [{ image: chair, editId: 'e1', creditsRemaining: 9 }],
        failed: [],
        refused: [
          { image: bed, code: 'unsure-subject', reason: MESSAGES.unsureSubject },
          { image: cat, code: 'not-furniture', reason: notFurnitureMessage },
        ],
        notStarted: [],
        stopped: null,
      },
      creditsLeft: 9,
      startedAt: Date.now(),
      api: 'http://127.0.0.1:5050/api',
      pricing: 'http://127.0.0.1:5173/pricing',
      mode,
      logger,
    });
    return { exitCode, out: out.join('') };
  }

  it('counts photos to mark and photos of no furniture apart from failures, charging them nothing', async () => {
    const { out } = await report('json');
    const summary = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
    expect(summary).toMatchObject({
      event: 'summary',
      failed: [],
      markThePiece: [{ file: 'photos/bed.jpg', reason: MESSAGES.unsureSubject }],
      notFurniture: [{ file: 'photos/cat.jpg', reason: notFurnitureMessage }],
      creditsUsed: 1,
    });
  });

  it('ends with the exit code of a partial failure, as a failed photo does', async () => {
    expect((await report('text')).exitCode).toBe(EXIT.someFailed);
  });

  it('lists the photos to mark and says how to mark them', async () => {
    const { out } = await report('text');
    expect(out).toContain('Staged 1, skipped 0, failed 0, 1 to mark, 1 not furniture in');
    expect(out).toContain(`  mark the piece photos/bed.jpg: ${MESSAGES.unsureSubject}\n`);
    expect(out).toContain(`  not furniture photos/cat.jpg: ${notFurnitureMessage}\n`);
    expect(out).toContain(`${MARK_HINT}\n`);
  });

  it('writes the photo to mark into the contact sheet', async () => {
    await report('text');
    const html = await readFile(join(outDir, 'flipstage-report.html'), 'utf8');
    expect(html).toContain('<span class="status">mark the piece</span>');
    expect(html).toContain('1 staged, 0 skipped, 0 failed, 1 to mark, 1 not furniture; 1 credits used, 9 left.');
  });
});
