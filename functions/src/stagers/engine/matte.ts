import sharp from 'sharp';
import { READ_OPTIONS, readFailure, type DecodedPhoto } from './decode.js';
import type { SubjectMask } from './segment.js';

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

/** Mean over a (2r+1)² window, clipped at the image edges, in O(n) with running sums. */
function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const rows = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      const count = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1;
      rows[row + x] = sum / count;
      if (x + r + 1 < width) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  const out = new Float32Array(src.length);
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = 0; y <= Math.min(r, height - 1); y++) sum += rows[y * width + x]!;
    for (let y = 0; y < height; y++) {
      const count = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
      out[y * width + x] = sum / count;
      if (y + r + 1 < height) sum += rows[(y + r + 1) * width + x]!;
      if (y - r >= 0) sum -= rows[(y - r) * width + x]!;
    }
  }
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
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const q = meanA[i]! * guide[i]! + meanB[i]!;
    const tightened = (q - 0.5) * EDGE_GAIN + 0.5;
    alpha[i] = Math.round(Math.min(1, Math.max(0, tightened)) * 255);
  }
  return alpha;
}

/**
 * Colours along the edge still carry some of the old background. Each partly transparent pixel
 * takes the colour of the solid piece nearby (alpha-weighted local mean, "blur fusion"), so no
 * halo of the garage wall comes along into the room.
 */
export function decontaminateEdges(
  rgba: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  radius: number,
): void {
  const n = width * height;
  const weight = new Float32Array(n);
  for (let i = 0; i < n; i++) weight[i] = alpha[i]! / 255;
  const meanW = boxMean(weight, width, height, radius);
  const channel = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) channel[i] = (rgba[i * 4 + c]! / 255) * weight[i]!;
    const meanC = boxMean(channel, width, height, radius);
    for (let i = 0; i < n; i++) {
      const a = weight[i]!;
      if (a >= 0.98 || a <= 0.02 || meanW[i]! < 1e-4) continue;
      const foreground = meanC[i]! / meanW[i]!;
      // Solid pixels keep their own colour; the more see-through, the more the estimate counts.
      const mixed = a * (rgba[i * 4 + c]! / 255) + (1 - a) * foreground;
      rgba[i * 4 + c] = Math.round(Math.min(1, Math.max(0, mixed)) * 255);
    }
  }
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
