import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors/exitCodes.js';
import { parseCsv, readManifest } from '../../src/stage/manifest.js';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, keeping each row’s first line', () => {
    expect(parseCsv('file,prompt\r\na.jpg,"loft, brick ""walls""\nand plants"\nb.jpg,\n')).toEqual([
      { line: 1, cells: ['file', 'prompt'] },
      { line: 2, cells: ['a.jpg', 'loft, brick "walls"\nand plants'] },
      { line: 4, cells: ['b.jpg', ''] },
    ]);
  });

  it('drops blank lines', () => {
    expect(parseCsv('file\n\na.jpg\n')).toEqual([
      { line: 1, cells: ['file'] },
      { line: 3, cells: ['a.jpg'] },
    ]);
  });
});

describe('readManifest', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-manifest-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const read = async (name: string, text: string) => {
    await writeFile(join(dir, name), text);
    return readManifest(name, dir);
  };

  it("keys a CSV's rows by the photo's path, relative to the manifest's folder", async () => {
    const manifest = await read('m.csv', 'file,type,style\nphotos/a.jpg,sofa,coastal\n');
    expect(manifest.get(join(dir, 'photos', 'a.jpg'))).toEqual({ type: 'sofa', style: 'coastal' });
  });

  it('reads CSV columns in any order and leaves empty cells to the flags', async () => {
    const manifest = await read('m.csv', 'Style,File,Type\n,a.jpg,beds\n');
    expect(manifest.get(join(dir, 'a.jpg'))).toEqual({ type: 'bed' });
  });

  it('takes a prompt', async () => {
    const manifest = await read('m.csv', 'file,prompt\na.jpg,sunlit loft\n');
    expect(manifest.get(join(dir, 'a.jpg'))).toEqual({ prompt: 'sunlit loft' });
  });

  it('reads a JSON array, taking "furnitureType" as the type and ignoring other fields', async () => {
    const manifest = await read('m.json', JSON.stringify([{ file: 'a.jpg', furnitureType: 'chair', price: 180 }]));
    expect(manifest.get(join(dir, 'a.jpg'))).toEqual({ type: 'chair' });
  });

  it('takes a box as fractions of the photo', async () => {
    const manifest = await read('m.csv', 'file,box\na.jpg,"0.1,0.2,0.6,0.7"\n');
    expect(manifest.get(join(dir, 'a.jpg'))).toEqual({
      subject: { unit: 'fraction', hint: { kind: 'box', x: 0.1, y: 0.2, width: 0.6, height: 0.7 } },
    });
  });

  it('keeps a box in pixels for the photo’s size to convert', async () => {
    const manifest = await read('m.csv', 'file,box\na.jpg,"120, 80, 900, 700 px"\n');
    expect(manifest.get(join(dir, 'a.jpg'))?.subject).toMatchObject({
      unit: 'px',
      kind: 'box',
      values: [120, 80, 900, 700],
      where: 'm.csv line 2',
    });
  });

  it('takes a point, and a box written as a JSON array', async () => {
    const csv = await read('m.csv', 'file,point\na.jpg,"0.5,0.6"\n');
    expect(csv.get(join(dir, 'a.jpg'))?.subject).toEqual({ unit: 'fraction', hint: { kind: 'point', x: 0.5, y: 0.6 } });
    const json = await read('m.json', JSON.stringify([{ file: 'b.jpg', box: [0, 0, 0.5, 1] }]));
    expect(json.get(join(dir, 'b.jpg'))?.subject).toEqual({
      unit: 'fraction',
      hint: { kind: 'box', x: 0, y: 0, width: 0.5, height: 1 },
    });
  });

  it.each([
    ['"0.1,0.2,0.6"', 'box "0.1,0.2,0.6" needs 4 numbers'],
    ['"0.1,0.2,wide,0.7"', 'box "0.1,0.2,wide,0.7" holds something that is not a number'],
    ['"120,80,900,700"', 'box "120,80,900,700" has a value above 1: add "px" after pixel values'],
    ['"-0.1,0.2,0.6,0.7"', 'box "-0.1,0.2,0.6,0.7" has a negative value: count from the top-left corner'],
    ['"0.5,0.2,0.6,0.7"', 'box "0.5,0.2,0.6,0.7" runs off the photo'],
    ['"0.1,0.2,0.01,0.7"', 'box "0.1,0.2,0.01,0.7" is too small to mark a piece'],
    ['"10,10,0,50 px"', 'box "10,10,0,50 px" has no width or height'],
  ])('refuses the box %s, naming the CSV line', async (cell, problem) => {
    await expect(read('m.csv', `file,box\nok.jpg,\nbad.jpg,${cell}\n`)).rejects.toThrow(
      new CliError(
        `m.csv line 3: ${problem}. Write x,y,width,height, e.g. 0.1,0.2,0.6,0.7 (fractions) or "120,80,900,700 px".`,
        2,
      ),
    );
  });

  it('refuses a row with both a box and a point', async () => {
    await expect(read('m.csv', 'file,box,point\na.jpg,"0,0,1,1","0.5,0.5"\n')).rejects.toThrow(
      'm.csv line 2: give a box or a point for the piece, not both.',
    );
  });

  it('refuses an unknown type, naming the CSV line', async () => {
    await expect(read('m.csv', 'file,type\na.jpg,sofa\nb.jpg,throne\n')).rejects.toThrow(
      new CliError(
        'm.csv line 3: unknown type "throne". Valid values: dresser, sofa, table, chair, coffee, bed, desk, bookcase.',
        2,
      ),
    );
  });

  it('refuses an unknown style, naming the JSON entry', async () => {
    await expect(read('m.json', JSON.stringify([{ file: 'a.jpg', style: 'gothic' }]))).rejects.toThrow(
      /^m\.json entry 1: unknown style "gothic"\. Valid values: modern,/,
    );
  });

  it('refuses a CSV without a file column', async () => {
    await expect(read('m.csv', 'type\nsofa\n')).rejects.toThrow(/m\.csv line 1: the header needs a "file" column/);
  });

  it('refuses a row that names no file', async () => {
    await expect(read('m.csv', 'file,type\n,sofa\n')).rejects.toThrow('m.csv line 2: no file named.');
  });

  it('refuses JSON that is not an array', async () => {
    await expect(read('m.json', '{"file":"a.jpg"}')).rejects.toThrow('m.json must be a JSON array');
  });

  it('reports a missing manifest as a usage error', async () => {
    await expect(readManifest('none.csv', dir)).rejects.toThrow(
      new CliError('Cannot read --manifest none.csv: no such file', 2),
    );
  });
});
