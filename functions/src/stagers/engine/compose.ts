import sharp, { type OverlayOptions } from 'sharp';
import type { FurnitureTypeId } from '@flipstage/core';
import { READ_OPTIONS, readFailure, type DecodedPhoto } from './decode.js';
import { silhouetteFloor } from './floorContact.js';
import { placeAndFrame, type Box } from './layout.js';
import { cropMask, subjectBounds } from './pieceCrop.js';
import { pieceParts } from './pieceParts.js';
import { wrapLight } from './lightWrap.js';
import { JPEG_QUALITY } from './limits.js';
import { coarseMatte, decontaminateEdges, refineMatte, refineRadius } from './matte.js';
import type { ColourGrade } from './plates/choosePlate.js';
import type { PlateGeometry, Region } from './plates/geometry.js';
import { loadOccluder, loadPlatePixels } from './plates/library.js';
import type { SubjectMask } from './segment.js';
import { groundShadows, type LightSide } from './shadows.js';

/** A canvas much wider or taller than this makes a strange room; the photo's aspect is clamped to it. */
const MIN_ASPECT = 0.75;
const MAX_ASPECT = 16 / 9;

/** The parts of a staging `npm run bench:engine` times: the engine reports each as it ends. */
export type StagePhase = 'decode' | 'classify' | 'segment' | 'matte' | 'composite' | 'encode';

export interface ComposeInput {
  photo: DecodedPhoto;
  subject: SubjectMask;
  plate: PlateGeometry;
  grade: ColourGrade;
  furnitureType: FurnitureTypeId;
  longSide: number;
  /** Marks the end of a phase (matte, composite, encode) for the bench's split. */
  lap?: (phase: StagePhase) => void;
}

export interface Composed {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

function canvasSize(photo: DecodedPhoto, longSide: number): { width: number; height: number } {
  const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, photo.width / photo.height));
  return aspect >= 1
    ? { width: longSide, height: Math.round(longSide / aspect) }
    : { width: Math.round(longSide * aspect), height: longSide };
}

/**
 * Shares of the way the piece's white balance and exposure move towards the room's; all the way
 * looks repainted. The cast is kept to a few percent per channel, so a walnut dresser stays
 * walnut and a blue sofa blue (its hue is what the buyer is buying) while it takes the room's light.
 */
const WHITE_BALANCE_PULL = 0.15;
const MAX_CAST = 1.04;
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
    const tint = Math.min(MAX_CAST, Math.max(1 / MAX_CAST, Math.pow(cast, WHITE_BALANCE_PULL)));
    const gain = exposure * tint;
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

/**
 * The room behind the piece: the framed part of the plate at the canvas's size, graded as the
 * prompt asks (a little brighter or darker, warmer or cooler).
 */
async function roomPixels(
  plate: PlateGeometry,
  frame: Region,
  canvas: { width: number; height: number },
  grade: ColourGrade,
): Promise<Buffer> {
  const pixels = await loadPlatePixels(plate.id);
  const left = Math.round(frame.x);
  const top = Math.round(frame.y);
  const { brightness, temperature } = grade;
  return sharp(pixels.rgb, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .extract({
      left,
      top,
      width: Math.min(pixels.width - left, Math.round(frame.w)),
      height: Math.min(pixels.height - top, Math.round(frame.h)),
    })
    .resize(canvas.width, canvas.height, { fit: 'fill', kernel: 'lanczos3' })
    .linear([brightness * (1 + temperature), brightness, brightness * (1 - temperature)], [0, 0, 0])
    .raw()
    .toBuffer();
}

/** The plate's foreground objects (a plant at the frame's edge) at the canvas's scale, cut to the canvas. */
async function occluders(
  plate: PlateGeometry,
  frame: Region,
  scale: number,
  canvas: { width: number; height: number },
): Promise<OverlayOptions[]> {
  const out: OverlayOptions[] = [];
  for (const occluder of plate.occluders ?? []) {
    const image = await loadOccluder(occluder.image);
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const left = Math.round((occluder.x - frame.x) * scale);
    const top = Math.round((occluder.y - frame.y) * scale);
    const visible = {
      left: Math.max(0, -left),
      top: Math.max(0, -top),
      width: Math.min(width, canvas.width - left) - Math.max(0, -left),
      height: Math.min(height, canvas.height - top) - Math.max(0, -top),
    };
    if (visible.width <= 0 || visible.height <= 0) continue;
    const input = await sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } })
      .resize(width, height, { fit: 'fill' })
      .extract(visible)
      .raw()
      .toBuffer();
    out.push({
      input,
      raw: { width: visible.width, height: visible.height, channels: 4 },
      left: Math.max(0, left),
      top: Math.max(0, top),
    });
  }
  return out;
}

/** Types that stand with their back to the wall in their slot (docs/plates.md), and so shade it. */
const AGAINST_WALL: ReadonlySet<FurnitureTypeId> = new Set(['dresser', 'bookcase', 'desk', 'sofa']);

/** The side the plate's main light comes from, read from the direction its shadows fall. */
function lightSide(plate: PlateGeometry): LightSide {
  return plate.light.direction[0] >= 0 ? 'left' : 'right';
}

export async function compose(input: ComposeInput): Promise<Composed> {
  const canvas = canvasSize(input.photo, input.longSide);
  const bounds = subjectBounds(input.subject);
  const crop = cropMask(input.subject, bounds);
  const floor = silhouetteFloor(crop, bounds.y + bounds.h >= input.subject.height);
  const aspect =
    (bounds.w * input.photo.width) / input.subject.width / ((bounds.h * input.photo.height) / input.subject.height);
  const shape = { aspect, floor, parts: pieceParts(crop) };
  const { piece: onPlate, frame } = placeAndFrame(input.plate, input.furnitureType, shape, canvas);
  const scale = canvas.height / frame.h;
  const placed: Box = {
    x: Math.round((onPlate.x - frame.x) * scale),
    y: Math.round((onPlate.y - frame.y) * scale),
    w: Math.max(1, Math.round(onPlate.w * scale)),
    h: Math.max(1, Math.round(onPlate.h * scale)),
  };
  // A piece cut off by its photo's edge is framed with the cut below the canvas: only its rows
  // inside the canvas are drawn.
  const target: Box = { ...placed, h: Math.max(1, Math.min(placed.h, canvas.height - placed.y)) };
  // The room is cut and graded on one libvips thread while the piece is cut out on another.
  const [room, cut, foreground] = await Promise.all([
    roomPixels(input.plate, frame, canvas, input.grade),
    cutOut(input, bounds, placed),
    occluders(input.plate, frame, scale, canvas),
  ]);
  const piece = cut.subarray(0, target.w * target.h * 4);
  input.lap?.('matte');
  applyGains(piece, matchGains(room, canvas, target, piece));
  await wrapLight(piece, room, canvas.width, target);
  const alpha = new Uint8Array(target.w * target.h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = piece[i * 4 + 3]!;
  const shadow = await groundShadows(
    alpha,
    target,
    floor,
    crop.width,
    canvas,
    lightSide(input.plate),
    AGAINST_WALL.has(input.furnitureType),
  );
  const layers = await sharp(room, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
    .composite([
      shadow,
      { input: piece, raw: { width: target.w, height: target.h, channels: 4 }, left: target.x, top: target.y },
      ...foreground,
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  input.lap?.('composite');
  const jpeg = await sharp(layers.data, { raw: layers.info }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  input.lap?.('encode');
  return {
    jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength),
    width: canvas.width,
    height: canvas.height,
  };
}
