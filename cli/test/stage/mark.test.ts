import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors/exitCodes.js';
import { describeMark, parseMark, subjectHintFor } from '../../src/stage/mark.js';
import { jpegHeader } from './imageHeaders.js';

describe('subjectHintFor', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flipstage-mark-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const photo = async (bytes: Uint8Array) => {
    const path = join(dir, 'photo.jpg');
    await writeFile(path, bytes);
    return path;
  };

  it('converts a box in pixels to fractions of the photo', async () => {
    const path = await photo(jpegHeader(4000, 3000));
    const hint = await subjectHintFor(parseMark('box', '400,600,2000,1500 px', 'm.csv line 2'), path);
    expect(hint).toEqual({ kind: 'box', x: 0.1, y: 0.2, width: 0.5, height: 0.5 });
  });

  it('counts pixels on the photo as it is shown, turned upright', async () => {
    const path = await photo(jpegHeader(4000, 3000, 6));
    const hint = await subjectHintFor(parseMark('point', '1500,2000 px', 'm.csv line 2'), path);
    expect(hint).toEqual({ kind: 'point', x: 0.5, y: 0.5 });
  });

  it('refuses a box in pixels that runs off the photo, naming the line and the size', async () => {
    const path = await photo(jpegHeader(4000, 3000, 6));
    await expect(subjectHintFor(parseMark('box', '0,0,4000,3000 px', 'm.csv line 4'), path)).rejects.toThrow(
      new CliError('m.csv line 4: box "0,0,4000,3000 px" runs off the photo, which is 3000×4000 px as it is shown.', 2),
    );
  });

  it('asks for fractions when the photo’s size cannot be read', async () => {
    const path = await photo(new TextEncoder().encode('GIF89a not read here'));
    await expect(subjectHintFor(parseMark('box', '0,0,10,10 px', 'm.csv line 3'), path)).rejects.toThrow(
      /^m\.csv line 3: box "0,0,10,10 px" is in pixels, but the size of .* cannot be read .* e\.g\. 0\.1,0\.2,0\.6,0\.7\.$/,
    );
  });

  it('passes fractions through without reading the photo', async () => {
    const hint = await subjectHintFor(parseMark('box', '0.1,0.2,0.6,0.7', 'm.csv line 2'), join(dir, 'gone.jpg'));
    expect(describeMark(hint)).toBe('box 0.1,0.2,0.6,0.7');
  });
});
