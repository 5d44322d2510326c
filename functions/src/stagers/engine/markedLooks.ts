/**
 * The crops a seller's marks are cut on, with the model's map of each, kept for a few marks: each
 * brush stroke asks for the same photo and region again, and only the cut itself must run again
 * (the model's look at a crop is most of a mark's cost), and so is the engine's own find that strokes alone
 * correct. Keyed by the photo's bytes and the region.
 */
import { createHash } from 'node:crypto';
import type { Crop, FrameBox } from './crop.js';
import type { DecodedPhoto } from './decode.js';

export interface CropLook {
  crop: Crop;
  probability: Float32Array;
  /**
   * The settled labels of each mark's cut on this crop before any brush stroke, by the mark: a
   * stroke's cut starts from them, so it needs a few refinements rather than a whole cut.
   */
  unstroked: Map<string, Uint8Array>;
}

/** A few photos' regions: each costs under a megabyte (a 320-px crop and its map). */
const KEPT_LOOKS = 8;
const looks = new Map<string, Promise<unknown>>();

export const regionKey = (box: FrameBox) => [box.x0, box.y0, box.x1, box.y1].map((v) => v.toFixed(4)).join(',');

/** What `compute` found for this photo under `what`, kept for the next few asks; a failure is not kept. */
function kept<T>(photo: DecodedPhoto, what: string, compute: () => Promise<T>): Promise<T> {
  const key = `${createHash('sha256').update(photo.source).digest('hex')} ${what}`;
  const known = looks.get(key) as Promise<T> | undefined;
  if (known) {
    // Most recently used last, so the oldest goes first.
    looks.delete(key);
    looks.set(key, known);
    return known;
  }
  const computing = compute();
  looks.set(key, computing);
  if (looks.size > KEPT_LOOKS) looks.delete(looks.keys().next().value!);
  computing.catch(() => {
    if (looks.get(key) === computing) looks.delete(key);
  });
  return computing;
}

export function cachedLook(
  photo: DecodedPhoto,
  region: FrameBox,
  look: () => Promise<Omit<CropLook, 'unstroked'>>,
): Promise<CropLook> {
  return kept(photo, regionKey(region), () =>
    look().then((found) => ({ ...found, unstroked: new Map<string, Uint8Array>() })),
  );
}

/**
 * The engine's own find on the photo, which strokes painted without a box or a tap correct: found
 * once, not again for every stroke (it is the whole unmarked segmentation, about 450 ms).
 */
export function cachedAutomatic<T>(photo: DecodedPhoto, find: () => Promise<T>): Promise<T> {
  return kept(photo, 'automatic', find);
}
