import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REPORT_FILES,
  describeOptions,
  relativeUrl,
  renderContactSheet,
  writeReports,
  type RunRecord,
  type RunSummary,
  type SheetEntry,
} from '../../src/stage/report.js';

const summary: RunSummary = {
  staged: [{ file: 'photos/chair.jpg', output: 'chair.staged.jpg' }],
  skipped: [{ file: 'photos/notes.txt', reason: 'not an image' }],
  failed: [{ file: 'photos/broken.jpg', reason: 'This file is not a supported image.' }],
  markThePiece: [],
  notFurniture: [],
  notStarted: [],
  creditsUsed: 1,
  creditsLeft: 9,
  seconds: 2.5,
  stopped: null,
};
const options = { style: 'modern', furnitureType: 'chair', mode: 'auto', prompt: 'a modern room', hd: false };

function run(sheet: RunRecord['sheet'], generatedAt = '2026-01-02T03:04:05.000Z'): RunRecord {
  return { generatedAt, ...summary, sheet };
}

describe('renderContactSheet', () => {
  const html = renderContactSheet({
    runs: [
      run([
        {
          file: '/home/seller/photos/chair.jpg',
          caption: 'chair.jpg',
          before: join(REPORT_FILES, 'abc.jpg'),
          output: 'chair.staged.jpg',
          status: 'staged',
          options,
        },
        {
          file: 'photos/broken.jpg',
          caption: 'broken.jpg',
          before: join(REPORT_FILES, 'def.jpg'),
          output: null,
          status: 'failed',
          reason: 'This file is not a supported image.',
        },
      ]),
    ],
  });

  it('shows each photo before and after from inside the out folder, captioned without the absolute path', () => {
    expect(html).toContain(`<img src="${REPORT_FILES}/abc.jpg" alt="Before: chair.jpg"`);
    expect(html).toContain('<img src="chair.staged.jpg" alt="After: chair.jpg"');
    expect(html).not.toContain('/home/seller');
  });

  it('shows why a failed photo has no staged image', () => {
    expect(html).toContain('<div class="missing">This file is not a supported image.</div>');
  });

  it('sums up the run', () => {
    expect(html).toContain('1 staged, 1 skipped, 1 failed; 1 credits used, 9 left.');
  });

  it('names the style and furniture type each photo was staged with, as the web app labels them', () => {
    expect(html).toContain('<div class="options">Modern · Accent Chair</div>');
  });

  it('shows a photo to mark with the server’s message and how to add a box, set apart from failures', () => {
    const sheet = renderContactSheet({
      runs: [
        run([
          {
            file: 'photos/two-chairs.jpg',
            caption: 'two-chairs.jpg',
            before: join(REPORT_FILES, 'ghi.jpg'),
            output: null,
            status: 'mark the piece',
            reason: 'Not sure which piece.',
            hint: 'Add a box.',
          },
        ]),
      ],
    });
    expect(sheet).toContain('<figure class="card attention">');
    expect(sheet).toContain('<div class="missing">Not sure which piece.<small>Add a box.</small></div>');
    expect(sheet).toContain('<span class="status">mark the piece</span>');
  });

  it('renders a run reported before photos could be refused', () => {
    const { markThePiece: _mark, notFurniture: _none, ...older } = run([]);
    expect(renderContactSheet({ runs: [older as RunRecord] })).toContain('1 staged, 1 skipped, 1 failed; 1 credits');
  });

  it('escapes file names', () => {
    const odd = renderContactSheet({
      runs: [run([{ file: 'x', caption: '<b>&"x".jpg', before: null, output: null, status: 'failed', reason: 'r' }])],
    });
    expect(odd).not.toContain('<b>&');
    expect(odd).toContain('&#60;b&#62;&#38;&#34;x&#34;.jpg');
  });
});

describe('describeOptions', () => {
  it('shows a custom prompt and HD', () => {
    expect(describeOptions({ ...options, mode: 'custom', prompt: 'sunlit loft', hd: true })).toBe(
      'Custom prompt: sunlit loft · HD',
    );
  });

  it('names the piece the manifest marked', () => {
    expect(describeOptions({ ...options, subject: { kind: 'box', x: 0.1, y: 0.2, width: 0.6, height: 0.7 } })).toBe(
      'Modern · Accent Chair · box 0.1,0.2,0.6,0.7',
    );
  });
});

describe('relativeUrl', () => {
  it('percent-encodes each path segment', () => {
    expect(relativeUrl(join('my photos', 'chair #1.jpg'))).toBe('my%20photos/chair%20%231.jpg');
  });
});

describe('writeReports', () => {
  let dir: string;
  let outDir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-report-'));
    outDir = join(dir, 'staged');
    await mkdir(join(dir, 'photos'), { recursive: true });
    await mkdir(outDir);
    await writeFile(join(dir, 'photos', 'chair.jpg'), 'chair photo');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const entry = (): SheetEntry => ({
    file: 'photos/chair.jpg',
    caption: 'chair.jpg',
    sourcePath: join(dir, 'photos', 'chair.jpg'),
    output: 'chair.staged.jpg',
    status: 'staged',
    options,
  });

  it('copies each original into the out folder, so the report survives moving the folder', async () => {
    const paths = await writeReports({ entries: [entry()], summary, outDir, generatedAt: new Date(0) });
    const json = JSON.parse(await readFile(paths.json, 'utf8'));
    const before: string = json.runs[0].sheet[0].before;
    expect(before.startsWith(`${REPORT_FILES}/`)).toBe(true);
    expect(await readFile(join(outDir, before), 'utf8')).toBe('chair photo');
  });

  it('keeps the summary and the options each photo was staged with in the JSON report', async () => {
    const paths = await writeReports({ entries: [entry()], summary, outDir, generatedAt: new Date(0) });
    const json = JSON.parse(await readFile(paths.json, 'utf8'));
    expect(json.runs[0]).toMatchObject({ ...summary, generatedAt: '1970-01-01T00:00:00.000Z' });
    expect(json.runs[0].sheet[0]).toMatchObject({ caption: 'chair.jpg', status: 'staged', options });
  });

  it('adds a section per run, newest first, instead of overwriting', async () => {
    await writeReports({ entries: [entry()], summary, outDir, generatedAt: new Date(0) });
    const paths = await writeReports({ entries: [entry()], summary, outDir, generatedAt: new Date(1000) });
    const json = JSON.parse(await readFile(paths.json, 'utf8'));
    expect(json.runs.map((r: RunRecord) => r.generatedAt)).toEqual([
      '1970-01-01T00:00:01.000Z',
      '1970-01-01T00:00:00.000Z',
    ]);
    const html = await readFile(paths.html, 'utf8');
    expect(html.indexOf('Run of 1970-01-01T00:00:01.000Z')).toBeLessThan(
      html.indexOf('Run of 1970-01-01T00:00:00.000Z'),
    );
  });

  it('names a copied original by its content, so a re-shot photo under the same name keeps the old one', async () => {
    await writeReports({ entries: [entry()], summary, outDir, generatedAt: new Date(0) });
    await writeFile(join(dir, 'photos', 'chair.jpg'), 'a new chair photo');
    const paths = await writeReports({ entries: [entry()], summary, outDir, generatedAt: new Date(1000) });
    const [newer, older] = JSON.parse(await readFile(paths.json, 'utf8')).runs;
    expect(newer.sheet[0].before).not.toBe(older.sheet[0].before);
    expect(await readFile(join(outDir, older.sheet[0].before), 'utf8')).toBe('chair photo');
  });
});
