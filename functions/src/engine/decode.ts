import sharp, { type Metadata } from 'sharp';
import { MESSAGES } from '@flipstage/core';
import { StagingError } from '../ports.js';
import { MAX_INPUT_BYTES, MAX_INPUT_PIXELS } from './limits.js';

/** The formats MESSAGES.unsupportedImage promises; SVG and PDF are refused because they are programs, not photos. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);

export interface DecodedPhoto {
  /** Oriented sRGB pixels, 3 bytes each, at working resolution. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** The upload's own transparency when it is already a cut-out (a PNG with a clear background). */
  alpha: Uint8Array | null;
  /** Oriented size of the upload itself. */
  sourceWidth: number;
  sourceHeight: number;
}

function unsupported(cause: unknown): StagingError {
  return new StagingError('unsupported-image', MESSAGES.unsupportedImage, { cause });
}

function tooLarge(cause?: unknown): StagingError {
  return new StagingError('image-too-large', MESSAGES.imageTooLarge, { cause });
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Reads the header first so a decompression bomb is refused before any pixel is decoded, then
 * decodes once, oriented and shrunk to at most maxLongSide (JPEG shrink-on-load keeps this cheap).
 */
export async function decodePhoto(bytes: Uint8Array, maxLongSide: number): Promise<DecodedPhoto> {
  if (bytes.byteLength === 0) throw unsupported(new Error('empty upload'));
  if (bytes.byteLength > MAX_INPUT_BYTES) throw tooLarge(new Error(`upload is ${bytes.byteLength} bytes`));

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? tooLarge(error) : unsupported(error);
  }
  if (!ACCEPTED_FORMATS.has(meta.format)) throw unsupported(new Error(`format ${meta.format} is not accepted`));
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge(new Error(`${meta.width}x${meta.height} pixels`));

  const sourceWidth = meta.autoOrient.width;
  const sourceHeight = meta.autoOrient.height;
  try {
    const pipeline = sharp(bytes, options)
      .autoOrient()
      .resize({ width: maxLongSide, height: maxLongSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    if (meta.hasAlpha) {
      const { data, info } = await pipeline.ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      const { rgb, alpha } = splitAlpha(data, info.width * info.height);
      return { rgb, width: info.width, height: info.height, alpha: hasRealTransparency(alpha) ? alpha : null, sourceWidth, sourceHeight };
    }
    const { data, info } = await pipeline.removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, alpha: null, sourceWidth, sourceHeight };
  } catch (error) {
    throw isPixelLimitError(error) ? tooLarge(error) : unsupported(error);
  }
}

function splitAlpha(rgba: Uint8Array, pixels: number): { rgb: Uint8Array; alpha: Uint8Array } {
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = rgba[i * 4]!;
    rgb[i * 3 + 1] = rgba[i * 4 + 1]!;
    rgb[i * 3 + 2] = rgba[i * 4 + 2]!;
    alpha[i] = rgba[i * 4 + 3]!;
  }
  return { rgb, alpha };
}

/** An alpha channel counts only if a real share of the picture is see-through; many PNGs carry an opaque one. */
function hasRealTransparency(alpha: Uint8Array): boolean {
  let clear = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! < 128) clear++;
  return clear > alpha.length * 0.05 && clear < alpha.length * 0.95;
}
