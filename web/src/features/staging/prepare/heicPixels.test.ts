import { describe, expect, it } from 'vitest';
import fixtureDataUrl from '../../../../../functions/test/fixtures/heic/armchair-irot.heic?inline';
import { decodeHeicPixels } from './heicPixels';

function bytesOf(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

describe('decodeHeicPixels (the real WebAssembly decoder)', () => {
  it('decodes an iPhone-style HEVC HEIC upright as RGBA', async () => {
    const { data, width, height } = await decodeHeicPixels(bytesOf(fixtureDataUrl));
    expect([width, height]).toEqual([480, 360]);
    expect(data.length).toBe(480 * 360 * 4);
    expect(data[3]).toBe(255);
  });

  it('rejects bytes that are not HEIF', async () => {
    await expect(decodeHeicPixels(Uint8Array.from('not a heif file', (c) => c.charCodeAt(0)))).rejects.toThrow(/HEIF/);
  });
});
