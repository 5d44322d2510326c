import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffImage', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['tiff', bytes('II', [0x2a, 0, 8, 0, 0, 0])],
    ['tiff', bytes('MM', [0, 0x2a, 0, 0, 0, 8])],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
    ['heif', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0])],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0])],
  ])('recognises %s by its first bytes', (kind, head) => {
    expect(sniffImage(head)).toBe(kind);
  });

  it('does not take a text file for an image', () => {
    expect(sniffImage(bytes('just some notes about the dresser'))).toBeNull();
  });

  it('does not take an MP4 (ftyp with a video brand) for an image', () => {
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]))).toBeNull();
  });

  it('does not take a RIFF audio file for an image', () => {
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });

  it('answers null for an empty file', () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
