/**
 * What Photoroom's v2/edit accepts (docs.photoroom.com, API reference): JPEG, PNG or WebP, at most
 * 30 MB, and relighting works on at most about 3,500 px on the long side. The staging service's
 * door has made every upload, whatever it was (HEIC, TIFF, AVIF, GIF, CMYK, 16-bit), into a
 * prepared image (ports/images.ts PreparedImage): upright, 8-bit colour, no metadata but an RGB
 * photo's colour profile, an upright JPEG as uploaded or decoded pixels. What is left here is
 * Photoroom's own: those pixels in sRGB with no profile at all, fitted in the long side, as a JPEG
 * or PNG under the byte limit.
 *
 * sharp and the engine load on the first call, so the module that builds a Photoroom stager
 * stays cheap to import (the functions module imports it on every cold start).
 */
import type { OutputInfo } from 'sharp';
import { MESSAGES, type SubjectHint } from '@flipstage/core';
import { StagingError } from '../ports/stager.js';
import type { SellerMark } from '../ports/analysis.js';

/** Photoroom relights at most about this long side; a larger photo only costs upload time. */
export const PHOTOROOM_MAX_LONG_SIDE = 3500;
/** Photoroom's limit is 30 MB; read as decimal megabytes, the stricter reading. */
export const PHOTOROOM_MAX_BYTES = 30_000_000;
const JPEG_QUALITY = 90;
/** Each shrink of an oversized file aims this far under the limit, so one more try is enough. */
const SHRINK_MARGIN = 0.9;
const MAX_ENCODES = 4;

/** Photoroom finds the piece itself; a marked box only tells it where, so the crop keeps a little room around it. */
const BOX_MARGIN = 0.04;

/** The seller's box in the upright photo's pixels, a little larger, within the photo. */
export function markedRegion(
  box: Extract<SubjectHint, { kind: 'box' }>,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } {
  const x0 = Math.max(0, Math.floor((box.x - BOX_MARGIN * box.width) * width));
  const y0 = Math.max(0, Math.floor((box.y - BOX_MARGIN * box.height) * height));
  const x1 = Math.min(width, Math.ceil((box.x + box.width * (1 + BOX_MARGIN)) * width));
  const y1 = Math.min(height, Math.ceil((box.y + box.height * (1 + BOX_MARGIN)) * height));
  return { left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

export interface PhotoroomUpload {
  data: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
  fileName: string;
}

/**
 * A prepared upload as Photoroom should get it. PNG only where transparency matters (the engine's
 * rule: a real share of the picture is see-through, as in a cut-out), because Photoroom then keeps
 * the given cut-out; JPEG otherwise, the opaque rest flattened on white.
 * Throws StagingError `not-furniture` for a photo the engine's classifier says is no home good,
 * and `image-too-large` when no size under Photoroom's limit is found.
 */
export async function photoroomUpload(prepared: Uint8Array, mark: SellerMark = {}): Promise<PhotoroomUpload> {
  const { subject } = mark;
  const [
    { decodePhoto, READ_OPTIONS, readFailure },
    { classifyMarked, notFurnitureError, sellerDecides },
    { default: sharp },
  ] = await Promise.all([import('./engine/decode.js'), import('./engine/judge.js'), import('sharp')]);
  // The classifier's small copy: decoded pixels are copied, a JPEG is decoded at that size only.
  const photo = await decodePhoto(prepared);
  // The engine's classifier decides before Photoroom is paid: a cat is refused here, uncharged,
  // unless the seller marked the piece or said it is furniture.
  if (!sellerDecides(mark)) {
    const classification = await classifyMarked(photo, subject);
    if (!classification.homeGood) throw notFurnitureError(classification);
  }
  const transparent = photo.alpha !== null;
  const withinLongSide = (longSide: number) => ({
    width: longSide,
    height: longSide,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });

  // Cut to the seller's box (marked on the upright photo, as prepared), fitted and made sRGB once;
  // an oversized file is re-encoded from these pixels.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    const source = sharp(photo.source, READ_OPTIONS);
    if (subject?.kind === 'box') source.extract(markedRegion(subject, photo.width, photo.height));
    const pipeline = source.resize(withinLongSide(PHOTOROOM_MAX_LONG_SIDE)).toColourspace('srgb');
    pixels = await (transparent ? pipeline.ensureAlpha() : pipeline.flatten({ background: '#ffffff' }))
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw readFailure(error);
  }
  const { width, height } = pixels.info;
  const channels = transparent ? 4 : 3;
  const encode = (longSide: number): Promise<Buffer> => {
    const pipeline = sharp(pixels.data, { raw: { width, height, channels } }).resize(withinLongSide(longSide));
    return (transparent ? pipeline.png() : pipeline.jpeg({ quality: JPEG_QUALITY })).toBuffer();
  };

  let longSide = Math.max(width, height);
  for (let tries = 1; ; tries++) {
    const data = await encode(longSide);
    if (data.byteLength <= PHOTOROOM_MAX_BYTES) {
      return transparent
        ? { data, contentType: 'image/png', fileName: 'furniture.png' }
        : { data, contentType: 'image/jpeg', fileName: 'furniture.jpg' };
    }
    if (tries === MAX_ENCODES) {
      const cause = new Error(`still ${data.byteLength} bytes at ${longSide} px`);
      throw new StagingError('image-too-large', MESSAGES.imageTooLarge, { cause });
    }
    // Bytes grow with the pixel count, so the side shrinks by the square root of the excess.
    longSide = Math.floor(longSide * Math.sqrt((PHOTOROOM_MAX_BYTES / data.byteLength) * SHRINK_MARGIN));
  }
}
