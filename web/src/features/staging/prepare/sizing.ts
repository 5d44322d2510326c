/**
 * When the browser prepares a photo before upload, and to what size. The server refuses a photo
 * over MAX_INPUT_BYTES or MAX_INPUT_PIXELS, and the engine never uses more than PREPARED_LONG_SIDE
 * (its HD output is 2,048 px), so a bigger photo costs upload time and nothing else.
 */
import { MAX_INPUT_BYTES, PREPARED_LONG_SIDE } from '@flipstage/core';

/** JPEG quality of a shrunk photo: no visible loss, a few MB at 4,096 px. */
export const PREPARED_JPEG_QUALITY = 0.9;

export interface Dimensions {
  width: number;
  height: number;
}

/** A photo as the browser read it: upright pixels and the file's bytes. */
export interface PhotoSize extends Dimensions {
  bytes: number;
}

/** The photo can be sent as it is: the server takes it and the engine uses all of it. */
export function withinLimits({ width, height, bytes }: PhotoSize): boolean {
  return Math.max(width, height) <= PREPARED_LONG_SIDE && bytes <= MAX_INPUT_BYTES;
}

/**
 * The size to shrink to: the aspect kept, the long side at most PREPARED_LONG_SIDE. Never
 * enlarged: a photo over the byte limit only is re-encoded at its own size.
 */
export function preparedDimensions({ width, height }: Dimensions): Dimensions {
  const scale = Math.min(1, PREPARED_LONG_SIDE / Math.max(width, height));
  // Rounding down keeps the bound; a sliver of a panorama keeps at least one pixel.
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/** The name a shrunk photo is sent under: the original's, as a JPEG. */
export function preparedName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '');
  return `${base || 'photo'}.jpg`;
}
