import sharp, { type Metadata } from 'sharp';
import { StagingError } from '../../ports/stager.js';
import { decodeHeif } from './heif.js';
import { MAX_INPUT_PIXELS, MESSAGES } from '@flipstage/core';
import { ANALYSIS_LONG_SIDE, MAX_ENGINE_INPUT_BYTES } from './limits.js';
import { rawTiff } from './rawTiff.js';

/** The formats MESSAGES.unsupportedImage promises; SVG and PDF are refused because they are programs, not photos. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);

/** Options for every sharp pipeline that reads the upload: the pixel cap guards against bombs. */
export const READ_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' } as const;

export interface DecodedPhoto {
  /**
   * What the cut-out is read from later, at exactly the size it is placed at: the upload itself, or
   * for the few kinds later pipelines cannot read as colour (HEVC HEIC, greyscale) an oriented,
   * uncompressed colour copy of it.
   */
  source: Uint8Array;
  /** Oriented size of the upload. */
  width: number;
  height: number;
  /**
   * A small, lightly blurred, oriented sRGB copy for segmentation: the blur stops film grain and
   * JPEG blocks from reading as edges.
   */
  analysis: { rgb: Uint8Array; width: number; height: number };
  /** At analysis size: the upload's own transparency when it is already a cut-out (a PNG with a clear background). */
  alpha: Uint8Array | null;
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

/** A failure while reading the upload, as the typed error the caller shows. */
export function readFailure(error: unknown): StagingError {
  return isPixelLimitError(error) ? tooLarge(error) : unsupported(error);
}

/**
 * Reads the header first so a decompression bomb is refused before any pixel is decoded, then
 * decodes the small analysis copy (JPEG shrink-on-load makes that nearly free). The full-size
 * pixels are decoded here only for HEVC HEIC and greyscale uploads.
 */
export async function decodePhoto(bytes: Uint8Array, analysisLongSide = ANALYSIS_LONG_SIDE): Promise<DecodedPhoto> {
  if (bytes.byteLength === 0) throw unsupported(new Error('empty upload'));
  if (bytes.byteLength > MAX_ENGINE_INPUT_BYTES) throw tooLarge(new Error(`upload is ${bytes.byteLength} bytes`));

  let meta: Metadata;
  try {
    meta = await sharp(bytes, READ_OPTIONS).metadata();
  } catch (error) {
    throw readFailure(error);
  }
  if (!ACCEPTED_FORMATS.has(meta.format)) throw unsupported(new Error(`format ${meta.format} is not accepted`));
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge(new Error(`${meta.width}x${meta.height} pixels`));

  try {
    const source = await colourSource(bytes, meta);
    const header = source === bytes ? meta : await sharp(source, READ_OPTIONS).metadata();
    const { width, height } = header.autoOrient;
    const scale = Math.min(1, analysisLongSide / Math.max(width, height));
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    const pipeline = sharp(source, READ_OPTIONS).autoOrient().resize(size.width, size.height, { fit: 'fill' }).toColourspace('srgb');
    if (!header.hasAlpha) {
      const data = await pipeline.removeAlpha().blur(0.6).raw({ depth: 'uchar' }).toBuffer();
      return { source, width, height, analysis: { rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), ...size }, alpha: null };
    }
    const data = await pipeline.ensureAlpha().blur(0.6).raw({ depth: 'uchar' }).toBuffer();
    const { rgb, alpha } = splitAlpha(data, size.width * size.height);
    return { source, width, height, analysis: { rgb, ...size }, alpha: hasRealTransparency(alpha) ? alpha : null };
  } catch (error) {
    throw readFailure(error);
  }
}

/**
 * The upload as something every later pipeline can read as 8-bit colour. HEVC HEIC goes through
 * libheif-js, keeping its ICC profile (iPhones shoot Display P3). Greyscale is widened to sRGB once
 * here because later pipelines apply per-channel colour gains, which a one-channel image cannot take.
 */
async function colourSource(bytes: Uint8Array, meta: Metadata): Promise<Uint8Array> {
  if (meta.format === 'heif' && meta.compression === 'hevc') return rawTiff(await decodeHeif(bytes), meta.icc);
  if (meta.channels > 2) return bytes;
  const { data, info } = await sharp(bytes, READ_OPTIONS).autoOrient().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 && info.channels !== 4) throw new Error(`greyscale widened to ${info.channels} channels`);
  return rawTiff({ data, width: info.width, height: info.height, channels: info.channels });
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
