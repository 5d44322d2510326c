import sharp from 'sharp';
import { READ_OPTIONS, readFailure, type DecodedPhoto } from './decode.js';
import { boxMean } from './boxMean.js';
import type { SubjectMask } from './segment.js';
import { colourMatte, decontaminate } from './trimap.js';

/**
 * The analysis mask is at most 448 px on its long side; the piece is placed at up to 2048 px. A
 * plain upscale gives a soft, stair-stepped edge with a rim of the old background. The guided
 * filter (He, Sun and Tang) snaps that edge to the photo's own edges at output resolution, so
 * thin legs stay thin and a wall colour does not ride along.
 */

/** Below this regularisation, flat areas of the photo keep the coarse mask; above, edges dominate. */
const GUIDE_EPSILON = 0.0008;
/** After filtering, a steeper curve around one half tightens the edge to about a pixel's width. */
const EDGE_GAIN = 2.2;

/** The mask scaled smoothly to the target size, 0–1. */
export async function coarseMatte(subject: SubjectMask, width: number, height: number): Promise<Float32Array> {
  const bytes = new Uint8Array(subject.mask.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = subject.mask[i]! * 255;
  const scale = Math.max(width / subject.width, height / subject.height);
  const data = await sharp(bytes, { raw: { width: subject.width, height: subject.height, channels: 1 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .blur(Math.max(0.5, scale * 0.6))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = data[i]! / 255;
  return out;
}

/** Luma, 0–1, as the filter's guide. */
function guideFrom(pixels: Uint8Array, channels: number, count: number): Float32Array {
  const guide = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const o = i * channels;
    guide[i] = (0.299 * pixels[o]! + 0.587 * pixels[o + 1]! + 0.114 * pixels[o + 2]!) / 255;
  }
  return guide;
}

/**
 * The coarse matte refined against the photo at the same size: guided filter, then a contrast
 * curve. `radius` should span the coarse matte's blur (about one analysis pixel at this scale).
 */
export function refineMatte(
  pixels: Uint8Array,
  channels: number,
  coarse: Float32Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  const n = width * height;
  const guide = guideFrom(pixels, channels, n);
  const product = new Float32Array(n);
  const square = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    product[i] = guide[i]! * coarse[i]!;
    square[i] = guide[i]! * guide[i]!;
  }
  const meanI = boxMean(guide, width, height, radius);
  const meanP = boxMean(coarse, width, height, radius);
  const meanIP = boxMean(product, width, height, radius);
  const meanII = boxMean(square, width, height, radius);
  const a = product;
  const b = square;
  for (let i = 0; i < n; i++) {
    const variance = meanII[i]! - meanI[i]! * meanI[i]!;
    a[i] = (meanIP[i]! - meanI[i]! * meanP[i]!) / (variance + GUIDE_EPSILON);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  const meanA = boxMean(a, width, height, radius);
  const meanB = boxMean(b, width, height, radius);
  const guided = a;
  for (let i = 0; i < n; i++) {
    const q = meanA[i]! * guide[i]! + meanB[i]!;
    guided[i] = Math.min(1, Math.max(0, (q - 0.5) * EDGE_GAIN + 0.5));
  }
  return colourMatte(pixels, channels, coarse, guided, width, height, Math.max(3, radius * 2));
}

/**
 * Colours along the edge still carry some of the old background: they are unmixed from the
 * backdrop nearby (trimap.ts), so no halo of the garage wall comes along into the room.
 */
export function decontaminateEdges(rgba: Uint8Array, alpha: Uint8Array, width: number, height: number, radius: number): void {
  decontaminate(rgba, alpha, width, height, radius);
}

/** The filter's window: about one analysis pixel at the target scale, never less than two pixels. */
export function refineRadius(subject: SubjectMask, width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width / subject.width, height / subject.height) * 1.2));
}

/** The refined alpha, 0–255, over the whole frame at width × height (for evaluation and previews). */
export async function subjectMatte(
  photo: DecodedPhoto,
  subject: SubjectMask,
  width: number,
  height: number,
): Promise<Uint8Array> {
  try {
    const pipeline = sharp(photo.source, READ_OPTIONS)
      .autoOrient()
      .resize(width, height, { fit: 'fill' })
      .toColourspace('srgb');
    if (photo.alpha) return new Uint8Array(await pipeline.ensureAlpha().extractChannel(3).raw().toBuffer());
    const pixels = await pipeline.removeAlpha().raw().toBuffer();
    return refineMatte(
      pixels,
      3,
      await coarseMatte(subject, width, height),
      width,
      height,
      refineRadius(subject, width, height),
    );
  } catch (error) {
    throw readFailure(error);
  }
}
