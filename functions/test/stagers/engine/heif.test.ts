import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeHeif } from '../../../src/stagers/engine/heif.js';
import { createLocalStager } from '../../../src/stagers/engine/localStager.js';

const fixture = new Uint8Array(readFileSync(new URL('../../fixtures/heic/armchair-irot.heic', import.meta.url)));

describe('decodeHeif', () => {
  it('decodes the primary image of an HEVC HEIC with its irot applied', async () => {
    const pixels = await decodeHeif(fixture);
    expect([pixels.width, pixels.height, pixels.channels]).toEqual([480, 360, 3]);
    expect(pixels.data.byteLength).toBe(480 * 360 * 3);
  });

  it('returns the picture, not a blank frame', async () => {
    const { data } = await decodeHeif(fixture);
    let min = 255;
    let max = 0;
    for (const value of data) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    expect(max - min).toBeGreaterThan(100);
  });

  it('rejects bytes that are not HEIF', async () => {
    await expect(decodeHeif(new TextEncoder().encode('not a heif file at all'))).rejects.toThrow(/HEIF/);
  });
});

describe('staging an HEIC', () => {
  it('stages an iPhone-style HEIC through the local engine into a JPEG', async () => {
    const output = await createLocalStager().stage({ image: fixture, prompt: '', style: 'modern', furnitureType: 'chair', mode: 'auto', size: 'standard', variant: 0 });
    expect((await sharp(output.jpeg).metadata()).format).toBe('jpeg');
  });
});
