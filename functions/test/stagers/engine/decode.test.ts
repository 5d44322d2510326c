import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { StagingError } from '../../../src/ports/stager.js';
import { decodePhoto, READ_OPTIONS, type DecodedPhoto } from '../../../src/stagers/engine/decode.js';
import { MAX_ENGINE_INPUT_BYTES } from '../../../src/stagers/engine/limits.js';
import { MAX_INPUT_BYTES } from '@flipstage/core';

/** An iPhone-style HEIC: HEVC, coded 360 × 480 with an irot turning it to 480 × 360, Display P3 (see its README). */
const heicFixture = new Uint8Array(readFileSync(new URL('../../fixtures/heic/armchair-irot.heic', import.meta.url)));

/** A PNG whose header claims width × height but carries almost no pixel data: a decompression bomb's calling card. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]));
}

async function photoJpeg(width = 320, height = 240): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: '#8a6a4a' } }).jpeg().toBuffer());
}

const BROWN = { r: 138, g: 106, b: 74 };
/** sRGB → press CMYK → sRGB shifts a colour by up to ~20 levels; CMYK read as if it were RGB is off by over 100. */
const CMYK_ROUND_TRIP = 24;

function brownPhoto(width = 120, height = 90) {
  return sharp({ create: { width, height, channels: 3, background: BROWN } });
}

/** The mean colour of the analysis copy, one number per channel. */
function meanColour(photo: DecodedPhoto): [number, number, number] {
  const { rgb } = photo.analysis;
  const sum = [0, 0, 0];
  for (let i = 0; i < rgb.length; i++) sum[i % 3]! += rgb[i]!;
  const pixels = rgb.length / 3;
  return [sum[0]! / pixels, sum[1]! / pixels, sum[2]! / pixels];
}

function expectColourNear(actual: [number, number, number], expected: { r: number; g: number; b: number }, tolerance: number) {
  const distances = [actual[0] - expected.r, actual[1] - expected.g, actual[2] - expected.b].map(Math.abs);
  expect(Math.max(...distances)).toBeLessThanOrEqual(tolerance);
}

/**
 * The cut-out is read from `source` with per-channel colour gains (compose.ts); a pipeline like
 * that one must accept whatever decodePhoto hands on.
 */
async function readLikeTheCutOut(photo: DecodedPhoto) {
  return sharp(photo.source, READ_OPTIONS)
    .autoOrient()
    .resize(32, 32, { fit: 'fill' })
    .toColourspace('srgb')
    .ensureAlpha()
    .linear([1, 1, 1], [0, 0, 0])
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

/** sharp writes no 16-bit TIFF, so this one is written by hand: uncompressed, one strip, 16 bits per sample. */
function tiff16(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const entries: [number, number, number, number][] = [
    [256, 4, 1, width],
    [257, 4, 1, height],
    [258, 3, 3, 0], // bits per sample: out of line
    [259, 3, 1, 1],
    [262, 3, 1, 2],
    [273, 4, 1, 0], // strip offset: filled in below
    [277, 3, 1, 3],
    [278, 4, 1, height],
    [279, 4, 1, width * height * 6],
  ];
  const ifdEnd = 8 + 2 + entries.length * 12 + 4;
  const bitsAt = ifdEnd;
  const pixelsAt = bitsAt + 6;
  entries[2]![3] = bitsAt;
  entries[5]![3] = pixelsAt;
  const out = Buffer.alloc(pixelsAt + width * height * 6);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 10 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(value, at + 8);
  });
  for (let i = 0; i < 3; i++) out.writeUInt16LE(16, bitsAt + i * 2);
  for (let p = 0; p < width * height; p++) for (let c = 0; c < 3; c++) out.writeUInt16LE(rgb[c]!, pixelsAt + p * 6 + c * 2);
  return new Uint8Array(out);
}

/** A copy of the HEIC fixture whose header (its ispe box) claims another coded size. */
function heicClaiming(width: number, height: number): Uint8Array {
  const bytes = Buffer.from(heicFixture);
  const ispe = bytes.indexOf('ispe', 0, 'latin1');
  bytes.writeUInt32BE(width, ispe + 8);
  bytes.writeUInt32BE(height, ispe + 12);
  return new Uint8Array(bytes);
}

async function rejection(bytes: Uint8Array): Promise<StagingError> {
  const error = await decodePhoto(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StagingError);
  return error as StagingError;
}

describe('decodePhoto', () => {
  it('refuses zero bytes as an unsupported image', async () => {
    const error = await rejection(new Uint8Array(0));
    expect(error.kind).toBe('unsupported-image');
    expect(error.message).toBe(MESSAGES.unsupportedImage);
  });

  it('refuses random bytes as an unsupported image', async () => {
    let state = 12345;
    const noise = new Uint8Array(4096).map(() => (state = (state * 1103515245 + 12345) >>> 0) >>> 24);
    expect((await rejection(noise)).kind).toBe('unsupported-image');
  });

  it('refuses a truncated JPEG as an unsupported image', async () => {
    const jpeg = await photoJpeg();
    expect((await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).kind).toBe('unsupported-image');
  });

  it('refuses a text file named like a photo as an unsupported image', async () => {
    expect((await rejection(new TextEncoder().encode('this is not a photo, just a .jpg name\n'))).kind).toBe('unsupported-image');
  });

  it('refuses an SVG, which sharp could read, as an unsupported image', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await rejection(svg)).kind).toBe('unsupported-image');
  });

  it('refuses a 20000 × 20000 PNG as too large from its header alone', async () => {
    const started = performance.now();
    const error = await rejection(pngHeaderOnly(20000, 20000));
    expect(error.kind).toBe('image-too-large');
    expect(error.message).toBe(MESSAGES.imageTooLarge);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses input over the byte cap as too large', async () => {
    expect((await rejection(new Uint8Array(MAX_ENGINE_INPUT_BYTES + 1))).kind).toBe('image-too-large');
  });

  it('reads a phone photo as the door hands it over, uncompressed and over the 25 MB an upload may be', async () => {
    const width = 4096;
    const height = 3072;
    const tiff = await sharp(Buffer.alloc(width * height * 3, 128), { raw: { width, height, channels: 3 } }).tiff({ compression: 'none' }).toBuffer();
    expect(tiff.byteLength).toBeGreaterThan(MAX_INPUT_BYTES);
    const photo = await decodePhoto(tiff);
    expect([photo.width, photo.height]).toEqual([width, height]);
  });

  it('decodes only a small analysis copy and reports the size of the upload', async () => {
    const photo = await decodePhoto(await photoJpeg(1600, 1200), 400);
    expect([photo.width, photo.height]).toEqual([1600, 1200]);
    expect([photo.analysis.width, photo.analysis.height]).toEqual([400, 300]);
    expect(photo.analysis.rgb.length).toBe(400 * 300 * 3);
  });

  it('applies EXIF orientation before anything else sees the pixels', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#777777' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const photo = await decodePhoto(new Uint8Array(jpeg));
    expect([photo.width, photo.height]).toEqual([300, 400]);
    expect(photo.analysis.height).toBeGreaterThan(photo.analysis.width);
  });

  it('keeps the transparency of an upload that is already a cut-out', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 1 } } }, left: 50, top: 50 }])
      .png()
      .toBuffer();
    const photo = await decodePhoto(new Uint8Array(png), 200);
    expect(photo.alpha).not.toBeNull();
    expect(photo.alpha![0]).toBe(0);
    expect(photo.alpha![100 * 200 + 100]).toBe(255);
  });

  it('ignores an alpha channel that is opaque everywhere', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } }).png().toBuffer();
    expect((await decodePhoto(new Uint8Array(png))).alpha).toBeNull();
  });

  it('reads an 8-bit greyscale JPEG as grey', async () => {
    const jpeg = await brownPhoto().toColourspace('b-w').jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).channels).toBe(1);
    const [r, g, b] = meanColour(await decodePhoto(new Uint8Array(jpeg)));
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(1);
    expect(r).toBeGreaterThan(90);
    expect(r).toBeLessThan(130);
  });

  it('hands on a greyscale photo as colour the cut-out can be read from', async () => {
    const jpeg = await brownPhoto().toColourspace('b-w').jpeg().toBuffer();
    const { info } = await readLikeTheCutOut(await decodePhoto(new Uint8Array(jpeg)));
    expect(info.channels).toBe(4);
  });

  it('reads a 16-bit greyscale PNG as grey colour the cut-out can be read from', async () => {
    const png = await brownPhoto().toColourspace('grey16').png().toBuffer();
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    const photo = await decodePhoto(new Uint8Array(png));
    const [r, g, b] = meanColour(photo);
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(1);
    expect((await readLikeTheCutOut(photo)).info.channels).toBe(4);
  });

  it('keeps the transparency of a greyscale cut-out', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 50, height: 50, channels: 4, background: { r: 120, g: 120, b: 120, alpha: 1 } } }, left: 25, top: 25 }])
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).channels).toBe(2);
    const photo = await decodePhoto(new Uint8Array(png), 100);
    expect(photo.alpha![0]).toBe(0);
    expect(photo.alpha![50 * 100 + 50]).toBe(255);
  });

  it('converts a CMYK JPEG to sRGB through its embedded ICC profile', async () => {
    const jpeg = await brownPhoto().toColourspace('cmyk').withIccProfile('cmyk').jpeg({ quality: 95 }).toBuffer();
    const meta = await sharp(jpeg).metadata();
    expect([meta.space, meta.hasProfile]).toEqual(['cmyk', true]);
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(jpeg))), BROWN, CMYK_ROUND_TRIP);
  });

  it('converts a CMYK JPEG without a profile to sRGB through a standard CMYK profile', async () => {
    const jpeg = await brownPhoto().toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
    const meta = await sharp(jpeg).metadata();
    expect([meta.space, meta.hasProfile]).toEqual(['cmyk', false]);
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(jpeg))), BROWN, CMYK_ROUND_TRIP);
  });

  it('reads a 16-bit RGB PNG at its colour', async () => {
    const png = await brownPhoto().toColourspace('rgb16').png().toBuffer();
    expect((await sharp(png).metadata()).depth).toBe('ushort');
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(png))), BROWN, 2);
  });

  it('reads a 16-bit RGB TIFF at its colour', async () => {
    const tiff = tiff16(120, 90, [BROWN.r * 257, BROWN.g * 257, BROWN.b * 257]);
    expect((await sharp(tiff).metadata()).depth).toBe('ushort');
    expectColourNear(meanColour(await decodePhoto(tiff)), BROWN, 2);
  });

  it('reads a palette PNG at its colour', async () => {
    const png = await brownPhoto().png({ palette: true }).toBuffer();
    expect((await sharp(png).metadata()).isPalette).toBe(true);
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(png))), BROWN, 2);
  });

  it('keeps the transparency of a palette PNG cut-out', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 50, height: 50, channels: 4, background: { ...BROWN, alpha: 1 } } }, left: 25, top: 25 }])
      .png({ palette: true })
      .toBuffer();
    const meta = await sharp(png).metadata();
    expect([meta.isPalette, meta.hasAlpha]).toEqual([true, true]);
    const photo = await decodePhoto(new Uint8Array(png), 100);
    expect(photo.alpha![0]).toBe(0);
    expect(photo.alpha![50 * 100 + 50]).toBe(255);
  });

  it('reads a GIF at its colour', async () => {
    const gif = await brownPhoto().gif().toBuffer();
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(gif))), BROWN, 6);
  });

  it('reads a WebP at its colour', async () => {
    const webp = await brownPhoto().webp({ quality: 95 }).toBuffer();
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(webp))), BROWN, 6);
  });

  it('reads an AVIF at its colour', async () => {
    const avif = await brownPhoto().avif({ quality: 90 }).toBuffer();
    expect((await sharp(avif).metadata()).compression).toBe('av1');
    expectColourNear(meanColour(await decodePhoto(new Uint8Array(avif))), BROWN, 6);
  });

  it('decodes an HEVC HEIC as an iPhone writes it, turned upright by its irot', async () => {
    const photo = await decodePhoto(heicFixture);
    expect([photo.width, photo.height]).toEqual([480, 360]);
    expect([photo.analysis.width, photo.analysis.height]).toEqual([448, 336]);
  });

  it('decodes an HEVC HEIC to the colours of the photo it was made from, through its Display P3 profile', async () => {
    const original = await sharp(new URL('../../../../samples/armchair-green.jpg', import.meta.url).pathname).resize(480, 360).toBuffer();
    const expected = await decodePhoto(new Uint8Array(original));
    const [r, g, b] = meanColour(expected);
    expectColourNear(meanColour(await decodePhoto(heicFixture)), { r, g, b }, 4);
  });

  it('hands on an HEVC HEIC as a source sharp reads, upright and in colour', async () => {
    const photo = await decodePhoto(heicFixture);
    const meta = await sharp(photo.source, READ_OPTIONS).metadata();
    expect(meta.autoOrient).toEqual({ width: 480, height: 360 });
    expect((await readLikeTheCutOut(photo)).info.channels).toBe(4);
  });

  it('refuses an HEIC whose header claims 20000 × 20000 as too large before decoding it', async () => {
    const error = await rejection(heicClaiming(20000, 20000));
    expect(error.kind).toBe('image-too-large');
  });

  it('refuses a corrupt HEVC HEIC as an unsupported image', async () => {
    const corrupt = heicFixture.slice(0, heicFixture.length - 3000);
    expect((await rejection(corrupt)).kind).toBe('unsupported-image');
  });

  it.each([
    ['a greyscale JPEG', () => brownPhoto(160, 120).toColourspace('b-w').jpeg()],
    ['a PNG', () => brownPhoto(160, 120).png()],
    ['a palette PNG', () => brownPhoto(160, 120).png({ palette: true })],
    ['a WebP', () => brownPhoto(160, 120).webp()],
    ['a TIFF', () => brownPhoto(160, 120).tiff()],
    ['an AVIF', () => brownPhoto(160, 120).avif()],
  ])('applies the orientation stored in %s', async (_name, encoder) => {
    const bytes = await encoder().withMetadata({ orientation: 6 }).toBuffer();
    const photo = await decodePhoto(new Uint8Array(bytes));
    expect([photo.width, photo.height]).toEqual([120, 160]);
    expect((await sharp(photo.source, READ_OPTIONS).autoOrient().metadata()).autoOrient).toEqual({ width: 120, height: 160 });
  });
});
