import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffFile } from '../../src/stage/sniff.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

let dir: string;
let written = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipstage-sniff-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function sniffImage(content: Uint8Array) {
  const path = join(dir, `file-${(written += 1)}`);
  await writeFile(path, content);
  return sniffFile(path);
}

describe('sniffFile', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    // A header and an empty image file directory right after it.
    ['tiff', bytes('II', [0x2a, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0])],
    ['tiff', bytes('MM', [0, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0])],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
    ['heic', bytes([0, 0, 0, 0x18], 'ftyphevc', [0, 0, 0, 0])],
    ['heif', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0])],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0])],
  ])('recognises %s by its first bytes', async (kind, head) => {
    expect(await sniffImage(head)).toBe(kind);
  });

  it('does not take a text file for an image', async () => {
    expect(await sniffImage(bytes('just some notes about the dresser'))).toBeNull();
  });

  it('does not take an MP4 (ftyp with a video brand) for an image', async () => {
    expect(await sniffImage(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]))).toBeNull();
  });

  it('does not take a RIFF audio file for an image', async () => {
    expect(await sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('answers null for an empty file', async () => {
    expect(await sniffImage(new Uint8Array())).toBeNull();
  });

  it('finds a TIFF whose image file directory comes after the pixels', async () => {
    const pixels = new Uint8Array(10_000);
    const directory = 8 + pixels.length;
    const offset = [directory & 0xff, (directory >> 8) & 0xff, 0, 0];
    expect(await sniffImage(bytes('II', [0x2a, 0], offset, [...pixels], [0, 0, 0, 0, 0, 0]))).toBe('tiff');
  });
});
