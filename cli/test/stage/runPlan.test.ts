import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesignStyleId, FurnitureTypeId } from '@flipstage/core';
import { CliError } from '../../src/errors/exitCodes.js';
import { sha256Hex, stageFingerprint } from '../../src/stage/idempotency.js';
import { requestChoice, stageOptionsSchema } from '../../src/stage/options.js';
import { planLine, planRows, planRun } from '../../src/stage/runPlan.js';
import { StateFile } from '../../src/stage/stateFile.js';
import { jpegHeader } from './imageHeaders.js';

const jpeg = (tag: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, tag]);

describe('planRun', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-plan-'));
    await mkdir(join(dir, 'photos'));
    await writeFile(join(dir, 'photos', 'b.jpg'), jpeg(2));
    await writeFile(join(dir, 'photos', 'a.jpg'), jpeg(1));
    await writeFile(join(dir, 'photos', 'c.jpg'), jpeg(3));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const plan = (extra: Record<string, unknown> = {}) =>
    planRun(stageOptionsSchema.parse({ inputs: ['photos'], out: 'staged', ...extra }), dir);

  /** What a finished run leaves behind: the output file and a done record for this content and these options. */
  async function markStaged(file: string, bytes: Uint8Array, style: DesignStyleId, type: FurnitureTypeId = 'dresser') {
    const output = file.replace('.jpg', '.staged.jpg');
    await mkdir(join(dir, 'staged'), { recursive: true });
    await writeFile(join(dir, 'staged', output), 'staged');
    const state = await StateFile.open(join(dir, 'staged'));
    const fingerprint = stageFingerprint(sha256Hex(bytes), requestChoice({ style, type, hd: false }));
    await state.set(fingerprint, { attempt: 1, status: 'done', source: file, output });
  }

  it('skips a photo staged before with the same content and options', async () => {
    await markStaged('a.jpg', jpeg(1), 'modern');
    const result = await plan();
    expect(result.alreadyStaged.map((i) => i.output)).toEqual(['a.staged.jpg']);
    expect(result.toStage.map((i) => i.output)).toEqual(['b.staged.jpg', 'c.staged.jpg']);
  });

  it('stages a re-shot photo under the same name again', async () => {
    await markStaged('a.jpg', jpeg(1), 'modern');
    await writeFile(join(dir, 'photos', 'a.jpg'), jpeg(9));
    expect((await plan()).toStage.map((i) => i.output)).toContain('a.staged.jpg');
  });

  it('stages a photo again when the style changes', async () => {
    await markStaged('a.jpg', jpeg(1), 'modern');
    expect((await plan({ style: 'coastal' })).alreadyStaged).toEqual([]);
  });

  it('stages a photo again when its output was deleted', async () => {
    await markStaged('a.jpg', jpeg(1), 'modern');
    await rm(join(dir, 'staged', 'a.staged.jpg'));
    expect((await plan()).alreadyStaged).toEqual([]);
  });

  it('does not take an output file without a record as proof the photo is staged', async () => {
    await mkdir(join(dir, 'staged'));
    await writeFile(join(dir, 'staged', 'a.staged.jpg'), 'an older photo, staged by hand');
    expect((await plan()).toStage).toHaveLength(3);
  });

  it('stages everything again with --force', async () => {
    await markStaged('a.jpg', jpeg(1), 'modern');
    expect((await plan({ force: true })).toStage).toHaveLength(3);
  });

  it('with --max-credits, stages the first N photos in path order and leaves the rest for later', async () => {
    const result = await plan({ maxCredits: '2' });
    expect(result.toStage.map((i) => i.display)).toEqual([join('photos', 'a.jpg'), join('photos', 'b.jpg')]);
    expect(result.later.map((i) => i.display)).toEqual([join('photos', 'c.jpg')]);
  });

  it('gives each photo the type its folder names', async () => {
    await mkdir(join(dir, 'photos', 'beds'));
    await writeFile(join(dir, 'photos', 'beds', 'd.jpg'), jpeg(4));
    const result = await plan({ recursive: true, type: 'desk' });
    const types = Object.fromEntries(result.toStage.map((i) => [i.display, i.choice.furnitureType]));
    expect(types[join('photos', 'beds', 'd.jpg')]).toBe('bed');
    expect(types[join('photos', 'a.jpg')]).toBe('desk');
  });

  it("gives each photo its manifest entry's type and style", async () => {
    await writeFile(join(dir, 'manifest.csv'), 'file,type,style\nphotos/b.jpg,sofa,coastal\n');
    const result = await plan({ manifest: 'manifest.csv' });
    const b = result.toStage.find((i) => i.display === join('photos', 'b.jpg'));
    expect(b?.choice).toMatchObject({ furnitureType: 'sofa', style: 'coastal' });
  });

  it("turns a manifest's box in pixels into fractions of that photo before anything is spent", async () => {
    await writeFile(join(dir, 'photos', 'b.jpg'), jpegHeader(2000, 1000));
    await writeFile(join(dir, 'manifest.csv'), 'file,box\nphotos/b.jpg,"200,100,1000,500 px"\n');
    const result = await plan({ manifest: 'manifest.csv' });
    const b = result.toStage.find((i) => i.display === join('photos', 'b.jpg'));
    expect(b?.choice.subject).toEqual({ kind: 'box', x: 0.1, y: 0.1, width: 0.5, height: 0.5 });
  });

  it('names outputs with the --name template, so styles sit side by side', async () => {
    const result = await plan({ name: '{name}.{style}', style: 'farmhouse' });
    expect(result.toStage.map((i) => i.output)).toEqual(['a.farmhouse.jpg', 'b.farmhouse.jpg', 'c.farmhouse.jpg']);
  });

  it('refuses a template that would write over a photo', async () => {
    await expect(
      planRun(stageOptionsSchema.parse({ inputs: ['photos'], out: 'photos', name: '{name}' }), dir),
    ).rejects.toThrow(
      new CliError(
        `--name "{name}" would write over the photo ${join('photos', 'a.jpg')}. Choose another --name or --out.`,
        2,
      ),
    );
  });
});

describe('planRows', () => {
  const choice = { style: 'farmhouse', furnitureType: 'sofa', mode: 'auto', prompt: 'p', hd: false } as const;
  const image = (name: string) => ({
    path: `/p/${name}.jpg`,
    display: `p/${name}.jpg`,
    subdir: '',
    kind: 'jpeg' as const,
    choice,
    output: `${name}.staged.jpg`,
  });

  it('lists every photo in path order with its output, type, style and what happens to it', () => {
    const rows = planRows({ toStage: [image('b')], alreadyStaged: [image('a')], later: [image('c')] });
    expect(rows.map(planLine)).toEqual([
      'p/a.jpg -> a.staged.jpg  sofa, farmhouse  skip (done)',
      'p/b.jpg -> b.staged.jpg  sofa, farmhouse  stage',
      'p/c.jpg -> c.staged.jpg  sofa, farmhouse  later (--max-credits)',
    ]);
  });

  it('shows a custom prompt instead of the style', () => {
    const custom = { ...image('a'), choice: { ...choice, mode: 'custom' as const, prompt: 'a loft' } };
    expect(planLine(planRows({ toStage: [custom], alreadyStaged: [], later: [] })[0]!)).toBe(
      'p/a.jpg -> a.staged.jpg  sofa, custom prompt "a loft"  stage',
    );
  });

  it('shows the piece a manifest marked', () => {
    const marked = { ...image('a'), choice: { ...choice, subject: { kind: 'point' as const, x: 0.5, y: 0.6 } } };
    expect(planLine(planRows({ toStage: [marked], alreadyStaged: [], later: [] })[0]!)).toBe(
      'p/a.jpg -> a.staged.jpg  sofa, farmhouse, point 0.5,0.6  stage',
    );
  });
});
