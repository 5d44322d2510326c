/**
 * Crops of the photo around the piece, and the way back: a second look at the piece reads the
 * upload again at a higher resolution than the whole-frame analysis copy, so the segmenters see
 * legs, slats and gaps a few analysis pixels wide.
 */
import sharp from 'sharp';
import { READ_OPTIONS, readFailure, type DecodedPhoto } from './decode.js';
import type { RgbImage } from './saliency.js';

/** A region of the oriented photo, in fractions 0–1 of its width and height. */
export interface FrameBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const WHOLE_FRAME: FrameBox = { x0: 0, y0: 0, x1: 1, y1: 1 };

/** The bounding box in fractions of the mask's cells equal to `value`, or null when there are none. */
export function maskBox(mask: Uint8Array, width: number, height: number, value = 1): FrameBox | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] !== value) continue;
    const x = p % width;
    const y = (p - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return x1 < 0 ? null : { x0: x0 / width, y0: y0 / height, x1: (x1 + 1) / width, y1: (y1 + 1) / height };
}

/** The box grown by `share` of its own size on every side, kept inside the frame. */
export function padBox(box: FrameBox, share: number): FrameBox {
  const dx = (box.x1 - box.x0) * share;
  const dy = (box.y1 - box.y0) * share;
  return {
    x0: Math.max(0, box.x0 - dx),
    y0: Math.max(0, box.y0 - dy),
    x1: Math.min(1, box.x1 + dx),
    y1: Math.min(1, box.y1 + dy),
  };
}

export const boxArea = (box: FrameBox) => (box.x1 - box.x0) * (box.y1 - box.y0);

/** A crop of the photo and the scale it was read at (crop pixels per photo pixel, at most 1). */
export interface Crop extends RgbImage {
  box: FrameBox;
  scale: number;
}

/**
 * The box read from the upload with its long side at `longSide` (never enlarged, never above
 * `maxScale` of the photo's own size), oriented,
 * sRGB and lightly blurred like the analysis copy. The whole photo is scaled first and the box cut
 * from it, so a JPEG still shrinks on load.
 */
export async function readCrop(photo: DecodedPhoto, box: FrameBox, longSide: number, maxScale = 1): Promise<Crop> {
  const boxW = (box.x1 - box.x0) * photo.width;
  const boxH = (box.y1 - box.y0) * photo.height;
  const scale = Math.min(1, maxScale, longSide / Math.max(boxW, boxH));
  const scaledW = Math.max(1, Math.round(photo.width * scale));
  const scaledH = Math.max(1, Math.round(photo.height * scale));
  const left = Math.min(scaledW - 1, Math.round(box.x0 * scaledW));
  const top = Math.min(scaledH - 1, Math.round(box.y0 * scaledH));
  const width = Math.max(1, Math.min(scaledW - left, Math.round(box.x1 * scaledW) - left));
  const height = Math.max(1, Math.min(scaledH - top, Math.round(box.y1 * scaledH) - top));
  try {
    const data = await sharp(photo.source, READ_OPTIONS)
      .autoOrient()
      .resize(scaledW, scaledH, { fit: 'fill' })
      .extract({ left, top, width, height })
      .toColourspace('srgb')
      .removeAlpha()
      .blur(0.6)
      .raw({ depth: 'uchar' })
      .toBuffer();
    const exact = { x0: left / scaledW, y0: top / scaledH, x1: (left + width) / scaledW, y1: (top + height) / scaledH };
    return { rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height, box: exact, scale };
  } catch (error) {
    throw readFailure(error);
  }
}

/** Copies a mask over `box` into an empty mask of the whole frame at width × height (nearest pixel). */
export function pasteMask(
  mask: Uint8Array,
  maskW: number,
  maskH: number,
  box: FrameBox,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const fx0 = Math.round(box.x0 * width);
  const fx1 = Math.round(box.x1 * width);
  const fy0 = Math.round(box.y0 * height);
  const fy1 = Math.round(box.y1 * height);
  const columns = Int32Array.from({ length: fx1 - fx0 }, (_, i) =>
    Math.min(maskW - 1, Math.floor(((i + 0.5) * maskW) / (fx1 - fx0))),
  );
  for (let y = fy0; y < fy1; y++) {
    const row = Math.min(maskH - 1, Math.floor(((y - fy0 + 0.5) * maskH) / (fy1 - fy0))) * maskW;
    for (let i = 0; i < columns.length; i++) out[y * width + fx0 + i] = mask[row + columns[i]!]!;
  }
  return out;
}

/** A map over `mapBox` of the frame (a model's probabilities) resampled onto a crop (bilinear). */
export function mapOntoCrop(
  map: Float32Array,
  width: number,
  height: number,
  mapBox: FrameBox,
  crop: Crop,
): Float32Array {
  const out = new Float32Array(crop.width * crop.height);
  const { box } = crop;
  const at = (f: number, from0: number, from1: number, size: number) =>
    Math.min(size - 1, Math.max(0, ((f - from0) / (from1 - from0)) * size - 0.5));
  for (let y = 0; y < crop.height; y++) {
    const fy = at(box.y0 + ((y + 0.5) / crop.height) * (box.y1 - box.y0), mapBox.y0, mapBox.y1, height);
    const y0 = Math.floor(fy);
    const y1 = Math.min(height - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < crop.width; x++) {
      const fx = at(box.x0 + ((x + 0.5) / crop.width) * (box.x1 - box.x0), mapBox.x0, mapBox.x1, width);
      const x0 = Math.floor(fx);
      const x1 = Math.min(width - 1, x0 + 1);
      const tx = fx - x0;
      const top = map[y0 * width + x0]! * (1 - tx) + map[y0 * width + x1]! * tx;
      const bottom = map[y1 * width + x0]! * (1 - tx) + map[y1 * width + x1]! * tx;
      out[y * crop.width + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
}
