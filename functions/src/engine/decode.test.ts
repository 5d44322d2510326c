import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { StagingError } from '../ports.js';
import { decodePhoto } from './decode.js';
import { MAX_INPUT_BYTES } from './limits.js';

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

  it('refuses an upload over the byte cap as too large', async () => {
    expect((await rejection(new Uint8Array(MAX_INPUT_BYTES + 1))).kind).toBe('image-too-large');
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
});
