import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors/exitCodes.js';
import { SKIP_REASONS, collectImages } from '../../src/stage/collect.js';
import { assignOutputs } from '../../src/stage/outputs.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
// A PNG's signature and the start of its first chunk, which is always IHDR.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('collectImages', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-collect-'));
    await mkdir(join(dir, 'photos/garage'), { recursive: true });
    await writeFile(join(dir, 'photos/sofa.jpg'), JPEG);
    await writeFile(join(dir, 'photos/dresser.txt'), JPEG);
    await writeFile(join(dir, 'photos/notes.jpg'), 'not a photo');
    await writeFile(join(dir, 'photos/garage/desk.png'), PNG);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const collect = (inputs: string[], recursive = false, out = 'staged', outputName: RegExp | null = null) =>
    collectImages(inputs, { recursive, excludeDir: join(dir, out), cwd: dir, outputName });

  it('takes images by content, not by extension', async () => {
    const { images, skipped } = await collect(['photos']);
    expect(images.map((image) => [image.display, image.kind])).toEqual([
      ['photos/dresser.txt', 'jpeg'],
      ['photos/sofa.jpg', 'jpeg'],
    ]);
    expect(skipped).toContainEqual({ file: 'photos/notes.jpg', reason: SKIP_REASONS.notAnImage });
  });

  it('lists sub-folders as skipped without --recursive', async () => {
    const { skipped } = await collect(['photos']);
    expect(skipped).toContainEqual({ file: 'photos/garage', reason: SKIP_REASONS.folder });
  });

  it('walks sub-folders with --recursive and remembers where each image came from', async () => {
    const { images } = await collect(['photos'], true);
    expect(images.find((image) => image.kind === 'png')).toMatchObject({
      display: 'photos/garage/desk.png',
      subdir: 'garage',
    });
  });

  it('never reads the output folder when it sits inside the input folder', async () => {
    await mkdir(join(dir, 'photos/staged'));
    await writeFile(join(dir, 'photos/staged/sofa.jpg'), JPEG);
    const { images, skipped } = await collect(['photos'], true, 'photos/staged');
    expect(images.map((image) => image.display)).not.toContain('photos/staged/sofa.jpg');
    expect(skipped.map((skip) => skip.file)).not.toContain('photos/staged');
  });

  it('skips its own outputs when the output folder is the input folder', async () => {
    await writeFile(join(dir, 'photos/sofa.staged.jpg'), JPEG);
    const { skipped } = await collect(['photos'], false, 'photos');
    expect(skipped).toContainEqual({ file: 'photos/sofa.staged.jpg', reason: SKIP_REASONS.stagedOutput });
  });

  it("skips files in the out folder that the --name template's outputs match", async () => {
    await writeFile(join(dir, 'photos/sofa.modern.jpg'), JPEG);
    const { images, skipped } = await collect(['photos'], false, 'photos', /^.+\.modern\.jpg$/);
    expect(images.map((i) => i.display)).not.toContain('photos/sofa.modern.jpg');
    expect(skipped).toContainEqual({ file: 'photos/sofa.modern.jpg', reason: SKIP_REASONS.stagedOutput });
  });

  it('takes a photo matching the template when it is outside the out folder', async () => {
    await writeFile(join(dir, 'photos/sofa.modern.jpg'), JPEG);
    const { images } = await collect(['photos'], false, 'staged', /^.+\.modern\.jpg$/);
    expect(images.map((i) => i.display)).toContain('photos/sofa.modern.jpg');
  });

  it('accepts single files and ignores a file named twice', async () => {
    const { images } = await collect(['photos/sofa.jpg', 'photos/sofa.jpg']);
    expect(images).toHaveLength(1);
  });

  it('stops with a usage error for a path that does not exist', async () => {
    await expect(collect(['nowhere'])).rejects.toThrow(new CliError('No such file or folder: nowhere', 2));
  });
});

describe('assignOutputs', () => {
  const choice = { style: 'farmhouse', furnitureType: 'sofa', mode: 'auto', prompt: 'a room', hd: false } as const;
  const image = (path: string, subdir = '') => ({ path, display: path, subdir, kind: 'jpeg' as const, choice });

  it('names the output <name>.staged.jpg whatever the input format', () => {
    expect(assignOutputs([image('/p/desk.png')])[0]?.output).toBe('desk.staged.jpg');
  });

  it('keeps the sub-folder of a recursive run', () => {
    expect(assignOutputs([image('/p/garage/desk.png', 'garage')])[0]?.output).toBe(join('garage', 'desk.staged.jpg'));
  });

  it('numbers inputs that would share an output name', () => {
    const outputs = assignOutputs([image('/p/chair.jpg'), image('/p/chair.png'), image('/q/Chair.jpg')]).map(
      (i) => i.output,
    );
    expect(outputs).toEqual(['chair.staged.jpg', 'chair-2.staged.jpg', 'Chair-3.staged.jpg']);
  });

  it("fills the --name template with the photo's name, style and type", () => {
    expect(assignOutputs([image('/p/desk.png')], '{name}.{style}.{type}')[0]?.output).toBe('desk.farmhouse.sofa.jpg');
  });
});
