import { PREPARED_LONG_SIDE } from '@flipstage/core';
import type { OutputSize } from '../../ports/stager.js';

/** Segmentation runs at this long side: fine enough for a clean edge, small enough for JS loops. */
export const ANALYSIS_LONG_SIDE = 448;

export const OUTPUT_LONG_SIDE: Record<OutputSize, number> = { standard: 1024, hd: 2048 };

/** HD never upscales a small photo beyond the standard size; the cut-out would only get blurrier. */
export function outputLongSide(size: OutputSize, inputLongSide: number): number {
  if (size === 'standard') return OUTPUT_LONG_SIDE.standard;
  return Math.min(OUTPUT_LONG_SIDE.hd, Math.max(OUTPUT_LONG_SIDE.standard, inputLongSide));
}

export const JPEG_QUALITY = 85;

/**
 * The most bytes the engine reads. The staging door may hand it the upload decoded, as an
 * uncompressed picture of at most a PREPARED_LONG_SIDE square (RGBA at worst) — bigger than the
 * 25 MB an upload may be: a phone's 4,096 × 3,072 photo alone is 37.7 MB of RGB.
 */
export const MAX_ENGINE_INPUT_BYTES = PREPARED_LONG_SIDE * PREPARED_LONG_SIDE * 4 + 1024 * 1024;
