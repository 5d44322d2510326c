import sharp from 'sharp';
import type { FurnitureTypeId } from '@flipstage/core';
import { READ_OPTIONS, readFailure, type DecodedPhoto } from './decode.js';
import { silhouetteFloor } from './floorContact.js';
import { layoutRoom, type Box } from './layout.js';
import { JPEG_QUALITY } from './limits.js';
import { coarseMatte, decontaminateEdges, refineMatte, refineRadius } from './matte.js';
import { roomSvg, windowSideFor } from './roomScene.js';
import type { SubjectMask } from './segment.js';
import { groundShadows } from './shadows.js';
import type { RoomLook } from './styles.js';

/** A canvas much wider or taller than this makes a strange room; the photo's aspect is clamped to it. */
const MIN_ASPECT = 0.75;
const MAX_ASPECT = 16 / 9;

export interface ComposeInput {
  photo: DecodedPhoto;
  subject: SubjectMask;
  look: RoomLook;
  furnitureType: FurnitureTypeId;
  longSide: number;
  seed: number;
}

export interface Composed {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

/** The subject's bounding box at analysis resolution, one pixel of margin for the feathered edge. */
function subjectBounds({ mask, width, height }: SubjectMask): Box {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] !== 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return { x: 0, y: 0, w: width, h: height };
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(width - 1, x1 + 1);
  y1 = Math.min(height - 1, y1 + 1);
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

function cropMask(subject: SubjectMask, box: Box): SubjectMask {
  const mask = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++)
    mask.set(
      subject.mask.subarray((box.y + y) * subject.width + box.x, (box.y + y) * subject.width + box.x + box.w),
      y * box.w,
    );
  return { mask, width: box.w, height: box.h };
}

function canvasSize(photo: DecodedPhoto, longSide: number): { width: number; height: number } {
  const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, photo.width / photo.height));
  return aspect >= 1
    ? { width: longSide, height: Math.round(longSide / aspect) }
    : { width: Math.round(longSide * aspect), height: longSide };
}

/** Shares of the way the piece's white balance and exposure move towards the room's; all the way looks repainted. */
const WHITE_BALANCE_PULL = 0.35;
const EXPOSURE_PULL = 0.3;
const MAX_GAIN = 1.25;

/**
 * The piece's pixels, read from the upload at exactly the size it is placed at: the whole photo is
 * scaled so the piece's box becomes the target box, then the box is cut out. Scaling first lets a
 * JPEG shrink on load, so the full-size image is rarely decoded at all. The matte is refined
 * against these pixels and the edge colours cleaned of the old background.
 */
async function cutOut(input: ComposeInput, bounds: Box, target: Box): Promise<Buffer> {
  const { photo, subject } = input;
  const kx = target.w / ((bounds.w * photo.width) / subject.width);
  const ky = target.h / ((bounds.h * photo.height) / subject.height);
  const scaledW = Math.max(target.w, Math.round(photo.width * kx));
  const scaledH = Math.max(target.h, Math.round(photo.height * ky));
  const left = Math.min(scaledW - target.w, Math.max(0, Math.round(((bounds.x * photo.width) / subject.width) * kx)));
  const top = Math.min(scaledH - target.h, Math.max(0, Math.round(((bounds.y * photo.height) / subject.height) * ky)));
  let pixels: Buffer;
  try {
    pixels = await sharp(photo.source, READ_OPTIONS)
      .autoOrient()
      .resize(scaledW, scaledH, { fit: 'fill' })
      .extract({ left, top, width: target.w, height: target.h })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch (error) {
    throw readFailure(error);
  }
  if (photo.alpha) return pixels;
  const crop = cropMask(subject, bounds);
  const radius = refineRadius(crop, target.w, target.h);
  const alpha = refineMatte(pixels, 4, await coarseMatte(crop, target.w, target.h), target.w, target.h, radius);
  decontaminateEdges(pixels, alpha, target.w, target.h, radius * 2);
  for (let i = 0; i < alpha.length; i++) pixels[i * 4 + 3] = alpha[i]!;
  return pixels;
}

function meanRgb(
  pixels: Uint8Array,
  channels: number,
  include: (i: number) => boolean,
  count: number,
): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < count; i++) {
    if (!include(i)) continue;
    r += pixels[i * channels]!;
    g += pixels[i * channels + 1]!;
    b += pixels[i * channels + 2]!;
    n++;
  }
  return n > 0 ? [r / n, g / n, b / n] : [128, 128, 128];
}

/**
 * Per-channel gains that move the piece part of the way to the room's light: its white balance
 * towards the room's cast, its exposure towards the room's level, so it does not look lit by
 * another sun. Measured on the room around where the piece stands.
 */
function matchGains(
  room: Uint8Array,
  canvas: { width: number; height: number },
  target: Box,
  piece: Uint8Array,
): number[] {
  const ring = {
    x0: Math.max(0, target.x - target.w * 0.5),
    x1: Math.min(canvas.width, target.x + target.w * 1.5),
    y0: Math.max(0, target.y - target.h * 0.3),
    y1: Math.min(canvas.height, target.y + target.h * 1.1),
  };
  const roomMean = meanRgb(
    room,
    3,
    (i) => {
      const x = i % canvas.width;
      const y = (i - x) / canvas.width;
      return x >= ring.x0 && x < ring.x1 && y >= ring.y0 && y < ring.y1;
    },
    canvas.width * canvas.height,
  );
  const pieceMean = meanRgb(piece, 4, (i) => piece[i * 4 + 3]! > 200, target.w * target.h);
  const roomGrey = (roomMean[0] + roomMean[1] + roomMean[2]) / 3;
  const pieceGrey = Math.max(1, (pieceMean[0] + pieceMean[1] + pieceMean[2]) / 3);
  const exposure = Math.pow(Math.min(1.6, Math.max(0.6, (roomGrey * 0.75) / pieceGrey)), EXPOSURE_PULL);
  return [0, 1, 2].map((c) => {
    const cast = roomMean[c]! / roomGrey / Math.max(0.2, pieceMean[c]! / pieceGrey);
    const gain = exposure * Math.pow(cast, WHITE_BALANCE_PULL);
    return Math.min(MAX_GAIN, Math.max(1 / MAX_GAIN, gain));
  });
}

function applyGains(piece: Buffer, gains: number[]): void {
  for (let i = 0; i < piece.length; i += 4) {
    piece[i] = Math.min(255, Math.round(piece[i]! * gains[0]!));
    piece[i + 1] = Math.min(255, Math.round(piece[i + 1]! * gains[1]!));
    piece[i + 2] = Math.min(255, Math.round(piece[i + 2]! * gains[2]!));
  }
}

export async function compose(input: ComposeInput): Promise<Composed> {
  const canvas = canvasSize(input.photo, input.longSide);
  const bounds = subjectBounds(input.subject);
  const crop = cropMask(input.subject, bounds);
  const floor = silhouetteFloor(crop);
  const aspect =
    (bounds.w * input.photo.width) / input.subject.width / ((bounds.h * input.photo.height) / input.subject.height);
  const layout = layoutRoom(input.furnitureType, canvas.width, canvas.height, aspect, floor);
  const svg = roomSvg({ layout, look: input.look, furnitureType: input.furnitureType, seed: input.seed });
  const target = layout.subject;
  // The room rasterizes on one libvips thread while the cut-out is prepared on another.
  const [room, piece] = await Promise.all([
    sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer(),
    cutOut(input, bounds, target),
  ]);
  applyGains(piece, matchGains(room, canvas, target, piece));
  const alpha = new Uint8Array(target.w * target.h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = piece[i * 4 + 3]!;
  const shadow = await groundShadows(alpha, target, floor, crop.width, canvas, windowSideFor(layout, input.seed));
  const jpeg = await sharp(room, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .composite([
      shadow,
      { input: piece, raw: { width: target.w, height: target.h, channels: 4 }, left: target.x, top: target.y },
    ])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return {
    jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength),
    width: canvas.width,
    height: canvas.height,
  };
}
