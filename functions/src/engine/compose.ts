import sharp, { type OverlayOptions } from 'sharp';
import type { FurnitureTypeId } from '@flipstage/core';
import { READ_OPTIONS, readFailure, type DecodedPhoto } from './decode.js';
import { layoutRoom, type Box } from './layout.js';
import { JPEG_QUALITY } from './limits.js';
import { matteFromMask } from './matte.js';
import { parseHex } from './palette.js';
import { roomSvg } from './roomScene.js';
import type { SubjectMask } from './segment.js';
import type { RoomLook } from './styles.js';

/** A canvas much wider or taller than this makes a strange room; the photo's aspect is clamped to it. */
const MIN_ASPECT = 0.75;
const MAX_ASPECT = 16 / 9;
/** How much the room's light tints the piece, so it does not look lit by another sun. */
const AMBIENT_TINT = 0.1;

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
  for (let y = 0; y < box.h; y++) mask.set(subject.mask.subarray((box.y + y) * subject.width + box.x, (box.y + y) * subject.width + box.x + box.w), y * box.w);
  return { mask, width: box.w, height: box.h };
}

function canvasSize(photo: DecodedPhoto, longSide: number): { width: number; height: number } {
  const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, photo.width / photo.height));
  return aspect >= 1 ? { width: longSide, height: Math.round(longSide / aspect) } : { width: Math.round(longSide * aspect), height: longSide };
}

/** Per-channel gains that pull the piece a little towards the room's light colour and level. */
function ambientGains(look: RoomLook): number[] {
  const light = parseHex(look.light);
  const mean = (light[0] + light[1] + light[2]) / 3;
  const level = 0.94 + 0.08 * look.brightness;
  return light.map((c) => level * (1 - AMBIENT_TINT + (AMBIENT_TINT * c) / mean));
}

/**
 * The piece's pixels, read from the upload at exactly the size it is placed at: the whole photo is
 * scaled so the piece's box becomes the target box, then the box is cut out. Scaling first lets a
 * JPEG shrink on load, so the full-size image is rarely decoded at all.
 */
async function cutOut(input: ComposeInput, bounds: Box, target: Box): Promise<{ rgba: Buffer; alpha: Uint8Array }> {
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
      .linear(ambientGains(input.look), [0, 0, 0])
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch (error) {
    throw readFailure(error);
  }
  const count = target.w * target.h;
  const alpha = photo.alpha ? new Uint8Array(count) : await matteFromMask(cropMask(subject, bounds), target.w, target.h);
  for (let i = 0; i < count; i++) {
    if (photo.alpha) alpha[i] = pixels[i * 4 + 3]!;
    else pixels[i * 4 + 3] = alpha[i]!;
  }
  return { rgba: pixels, alpha };
}

/**
 * The shadow right under the piece: its own silhouette squashed flat onto the floor and blurred,
 * so legs leave dark spots and a solid base a solid band.
 */
async function castShadow(alpha: Uint8Array, target: Box, canvas: { width: number; height: number }): Promise<OverlayOptions> {
  const height = Math.max(4, Math.round(target.h * 0.07));
  const width = target.w;
  const squashed = await sharp(alpha, { raw: { width: target.w, height: target.h, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .blur(Math.max(1, height / 3))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = Math.round(squashed[i]! * 0.6);
  const top = Math.min(canvas.height - height, Math.round(target.y + target.h - height * 0.55));
  return { input: rgba, raw: { width, height, channels: 4 }, left: target.x, top: Math.max(0, top) };
}

export async function compose(input: ComposeInput): Promise<Composed> {
  const canvas = canvasSize(input.photo, input.longSide);
  const bounds = subjectBounds(input.subject);
  const aspect = (bounds.w * input.photo.width) / input.subject.width / ((bounds.h * input.photo.height) / input.subject.height);
  const layout = layoutRoom(input.furnitureType, canvas.width, canvas.height, aspect);
  const svg = roomSvg({ layout, look: input.look, furnitureType: input.furnitureType, seed: input.seed });
  // The room rasterizes on one libvips thread while the cut-out is prepared on another.
  const [room, { rgba, shadow }] = await Promise.all([
    sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer(),
    cutOut(input, bounds, layout.subject).then(async ({ rgba, alpha }) => ({ rgba, shadow: await castShadow(alpha, layout.subject, canvas) })),
  ]);
  const jpeg = await sharp(room, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .composite([shadow, { input: rgba, raw: { width: layout.subject.w, height: layout.subject.h, channels: 4 }, left: layout.subject.x, top: layout.subject.y }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return { jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength), width: canvas.width, height: canvas.height };
}
