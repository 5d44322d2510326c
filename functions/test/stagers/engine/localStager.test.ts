import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAutoPrompt, type DesignStyleId } from '@flipstage/core';
import { FIXTURE_SPECS, renderFixture } from '../../fixtures/furnitureFixtures.js';
import type { StageInput } from '../../../src/ports/stager.js';
import { createLocalStager } from '../../../src/stagers/engine/localStager.js';

const stager = createLocalStager();
let dresser: Uint8Array;

function request(overrides: Partial<StageInput> = {}): StageInput {
  const style: DesignStyleId = overrides.style ?? 'modern';
  return {
    image: dresser,
    prompt: buildAutoPrompt(style, 'dresser'),
    style,
    furnitureType: 'dresser',
    mode: 'auto',
    size: 'standard',
    variant: 0,
    ...overrides,
  };
}

/** A coarse 32 × 24 RGB thumbnail, enough to compare scenes by colour. */
async function thumbnail(jpeg: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(jpeg).resize(32, 24, { fit: 'fill' }).removeAlpha().raw().toBuffer());
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/**
 * How different two results' rooms are: the thumbnails compared only where the room shows round
 * the piece (the top quarter and the outer sixths), since the piece fills most of the middle.
 */
function roomDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < 24; y++) {
    for (let x = 0; x < 32; x++) {
      if (y >= 6 && x >= 5 && x < 27) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(a[(y * 32 + x) * 3 + c]! - b[(y * 32 + x) * 3 + c]!);
      n += 3;
    }
  }
  return sum / n;
}

function meanLevel(rgb: Uint8Array): number {
  return rgb.reduce((sum, v) => sum + v, 0) / rgb.length;
}

beforeAll(async () => {
  dresser = (await renderFixture(FIXTURE_SPECS.find((s) => s.name === 'dresser-plain-grey')!)).jpeg;
});

describe('local stager', () => {
  it('returns a JPEG with its size, the engine name and a seed', async () => {
    const out = await stager.stage(request());
    const meta = await sharp(out.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([out.width, out.height]);
    expect(out.engine).toBe('local');
    expect(Number.isInteger(out.seed)).toBe(true);
  });

  it('gives identical bytes for the same input', async () => {
    const [a, b] = [await stager.stage(request()), await stager.stage(request())];
    expect(Buffer.from(a.jpeg).equals(Buffer.from(b.jpeg))).toBe(true);
    expect(a.seed).toBe(b.seed);
  });

  it('keeps standard output within 1024 px on the long side', async () => {
    const big = new Uint8Array(await sharp(dresser).resize(2400, 1800).jpeg().toBuffer());
    const out = await stager.stage(request({ image: big }));
    expect(Math.max(out.width, out.height)).toBe(1024);
  });

  it('keeps HD output within 2048 px on the long side', async () => {
    const big = new Uint8Array(await sharp(dresser).resize(2400, 1800).jpeg().toBuffer());
    const out = await stager.stage(request({ image: big, size: 'hd' }));
    expect(Math.max(out.width, out.height)).toBe(2048);
  });

  it('follows the EXIF orientation: a landscape JPEG tagged orientation 6 comes out portrait', async () => {
    const tagged = new Uint8Array(await sharp(dresser).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    const plain = await stager.stage(request());
    const rotated = await stager.stage(request({ image: tagged }));
    expect(plain.width).toBeGreaterThan(plain.height);
    expect(rotated.height).toBeGreaterThan(rotated.width);
  });

  it('stages in the room a prompt asks for: books on shelves take a dresser out of the bedroom', async () => {
    const auto = await thumbnail((await stager.stage(request())).jpeg);
    const custom = await thumbnail(
      (await stager.stage(request({ mode: 'custom', prompt: 'a wall of books on shelves' }))).jpeg,
    );
    expect(meanDifference(auto, custom)).toBeGreaterThan(8);
  });

  it('stages "Try another room" in another room of the same style', async () => {
    const first = await thumbnail((await stager.stage(request())).jpeg);
    const second = await thumbnail((await stager.stage(request({ variant: 1 }))).jpeg);
    expect(roomDifference(first, second)).toBeGreaterThan(8);
  });

  it('makes a dark prompt darker than a bright one', async () => {
    const dark = await thumbnail(
      (await stager.stage(request({ mode: 'custom', prompt: 'dark moody evening room' }))).jpeg,
    );
    const bright = await thumbnail((await stager.stage(request({ mode: 'custom', prompt: 'bright airy room' }))).jpeg);
    expect(meanLevel(dark)).toBeLessThan(meanLevel(bright) - 10);
  });

  it('refuses bad input with a typed error instead of crashing', async () => {
    await expect(stager.stage(request({ image: new TextEncoder().encode('not a photo') }))).rejects.toMatchObject({
      name: 'StagingError',
      kind: 'unsupported-image',
    });
  });
});
