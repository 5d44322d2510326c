import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orientedSize, orientedSizeOf } from '../../src/stage/imageSize.js';
import { SAMPLES_DIR } from '../paths.js';
import { jpegHeader, pngHeader, webpHeader } from './imageHeaders.js';

describe('orientedSizeOf', () => {
  it('reads a JPEG’s size from its frame header', () => {
    expect(orientedSizeOf(jpegHeader(4032, 3024))).toEqual({ width: 4032, height: 3024 });
  });

  it('turns a JPEG a phone saved sideways (EXIF orientation 6) upright, as viewers show it', () => {
    expect(orientedSizeOf(jpegHeader(4032, 3024, 6))).toEqual({ width: 3024, height: 4032 });
  });

  it('keeps the sides of a JPEG turned upside down (orientation 3)', () => {
    expect(orientedSizeOf(jpegHeader(4032, 3024, 3))).toEqual({ width: 4032, height: 3024 });
  });

  it('reads PNG and WebP sizes', () => {
    expect(orientedSizeOf(pngHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(orientedSizeOf(webpHeader(1600, 1200))).toEqual({ width: 1600, height: 1200 });
  });

  it('answers null for a header cut short or a kind it does not read', () => {
    expect(orientedSizeOf(jpegHeader(800, 600).subarray(0, 24))).toBeNull();
    expect(orientedSizeOf(new TextEncoder().encode('GIF89a....'))).toBeNull();
  });

  it('reads a real sample photo', async () => {
    expect(await orientedSize(join(SAMPLES_DIR, 'sofa-grey.jpg'))).toEqual({ width: 1200, height: 900 });
  });
});
