import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { relativeUrl, renderContactSheet, writeReports, type RunSummary, type SheetEntry } from './report.js';

const summary: RunSummary = {
  staged: [{ file: 'photos/chair.jpg', output: 'chair.staged.jpg' }],
  skipped: [{ file: 'photos/notes.txt', reason: 'not an image' }],
  failed: [{ file: 'photos/broken.jpg', reason: 'This file is not a supported image.' }],
  creditsUsed: 1,
  creditsLeft: 9,
  seconds: 2.5,
};
const options = { style: 'modern', furnitureType: 'chair', mode: 'auto', prompt: 'a modern room', hd: false };

function entries(root: string): SheetEntry[] {
  return [
    {
      file: 'photos/chair.jpg',
      sourcePath: join(root, 'photos/chair.jpg'),
      output: 'chair.staged.jpg',
      status: 'staged',
    },
    {
      file: 'photos/broken.jpg',
      sourcePath: join(root, 'photos/broken.jpg'),
      output: null,
      status: 'failed',
      reason: 'This file is not a supported image.',
    },
  ];
}

describe('renderContactSheet', () => {
  const root = '/home/seller';
  const html = renderContactSheet({
    entries: entries(root),
    summary,
    options,
    outDir: join(root, 'staged'),
    generatedAt: new Date('2026-01-02T03:04:05Z'),
  });

  it('shows each photo before and after, linked relative to the report', () => {
    expect(html).toContain('<img src="../photos/chair.jpg" alt="Before: photos/chair.jpg"');
    expect(html).toContain('<img src="chair.staged.jpg" alt="After: photos/chair.jpg"');
  });

  it('shows why a failed photo has no staged image', () => {
    expect(html).toContain('<div class="missing">This file is not a supported image.</div>');
  });

  it('sums up the run', () => {
    expect(html).toContain('1 staged, 1 skipped, 1 failed; 1 credits used, 9 left.');
  });

  it('names the style and furniture type as the web app labels them', () => {
    expect(html).toContain('Style: Modern. Furniture type: Accent Chair.');
  });

  it('escapes file names', () => {
    const odd = renderContactSheet({
      entries: [{ file: '<b>&"x".jpg', sourcePath: '/p/<b>&"x".jpg', output: null, status: 'failed', reason: 'r' }],
      summary,
      options,
      outDir: '/out',
      generatedAt: new Date(0),
    });
    expect(odd).not.toContain('<b>&');
    expect(odd).toContain('&#60;b&#62;&#38;&#34;x&#34;.jpg');
  });
});

describe('relativeUrl', () => {
  it('percent-encodes each path segment', () => {
    expect(relativeUrl('/out', '/in/my photos/chair #1.jpg')).toBe('../in/my%20photos/chair%20%231.jpg');
  });
});

describe('writeReports', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the HTML contact sheet and a JSON report with the summary', async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-report-'));
    const paths = await writeReports({
      entries: entries(dir),
      summary,
      options,
      outDir: join(dir),
      generatedAt: new Date(0),
    });
    expect(await readFile(paths.html, 'utf8')).toContain('FlipStage contact sheet');
    const json = JSON.parse(await readFile(paths.json, 'utf8'));
    expect(json).toMatchObject({ ...summary, options });
    expect(json.sheet[0]).toEqual({
      file: 'photos/chair.jpg',
      source: 'photos/chair.jpg',
      output: 'chair.staged.jpg',
      status: 'staged',
    });
  });
});
