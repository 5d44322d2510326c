import sharp, { type OverlayOptions } from 'sharp';
import type { FloorContact } from './floorContact.js';
import type { Box } from './layout.js';

/** Darkness right under a foot, under the piece between its feet, and of the shadow its light casts. */
const CONTACT_DARKNESS = 0.62;
const UNDER_DARKNESS = 0.3;
const CAST_DARKNESS = 0.38;
/** A piece against the wall shades it: a soft dark halo, pushed a little away from the light. */
const WALL_DARKNESS = 0.3;
const WALL_SPREAD = 0.045;
const WALL_OFFSET = 0.035;
/** How far the cast shadow reaches back, and sideways away from the light, as shares of the piece. */
const CAST_LENGTH = 0.22;
const CAST_SHEAR = 0.35;
/** The shade over the footprint softens with its depth: this share of it, as the blur's sigma. */
const UNDER_SOFTNESS = 0.2;

export type LightSide = 'left' | 'right';

/** Above this sigma a blur runs on a smaller copy: a Gaussian's cost grows with its sigma, and a soft shadow loses nothing at a quarter of the size. */
const SHRINK_ABOVE_SIGMA = 6;

async function blurred(values: Float32Array, width: number, height: number, sigma: number): Promise<Float32Array> {
  const bytes = new Uint8Array(values.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(Math.min(1, values[i]!) * 255);
  const shrink = Math.max(1, Math.min(sigma / (SHRINK_ABOVE_SIGMA / 2), width / 8, height / 8));
  let image = sharp(bytes, { raw: { width, height, channels: 1 } });
  if (shrink > 1.5) {
    const small = await image
      .resize(Math.max(1, Math.round(width / shrink)), Math.max(1, Math.round(height / shrink)), { fit: 'fill' })
      .blur(Math.max(0.3, sigma / shrink))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 1 } }).resize(
      width,
      height,
      { fit: 'fill', kernel: 'linear' },
    );
  } else {
    image = image.blur(Math.max(0.3, sigma));
  }
  const data = await image.extractChannel(0).raw().toBuffer();
  // A plain loop: Float32Array.from with a map function goes through the iterator, 20 times slower.
  const out = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! / 255;
  return out;
}

/**
 * The shadows that ground the piece: a tight contact shadow under each foot of the silhouette
 * (the rear legs too, at their own height), a soft shade over its footprint, a cast shadow
 * of the silhouette thrown back across the floor, away from the room's light, and, for a piece
 * standing against the wall, the soft shade it throws on the wall around it.
 */
export async function groundShadows(
  alpha: Uint8Array,
  box: Box,
  floor: FloorContact,
  maskWidth: number,
  canvas: { width: number; height: number },
  lightFrom: LightSide,
  againstWall = false,
): Promise<OverlayOptions> {
  const castLength = box.h * CAST_LENGTH;
  const shear = box.w * CAST_SHEAR * (lightFrom === 'left' ? 1 : -1);
  const base = box.y + box.h;
  const band = Math.max(2, canvas.height * 0.012);
  const rearY = box.y + floor.back * box.h;
  const underSoftness = Math.max(band, (base - rearY) * UNDER_SOFTNESS);
  // The layer reaches as far as its softest shadow does, so no blur is cut off in a hard edge.
  const reach = Math.max(againstWall ? box.h * WALL_SPREAD * 3 : 0, underSoftness * 2.5);
  const left = Math.max(0, Math.floor(box.x - Math.abs(shear) - box.w * 0.05 - reach));
  const right = Math.min(canvas.width, Math.ceil(box.x + box.w + Math.abs(shear) + box.w * 0.05 + reach));
  const top = againstWall
    ? Math.max(0, Math.floor(box.y - reach))
    : Math.max(0, Math.floor(Math.min(base - castLength, rearY - band) - box.h * 0.05 - reach));
  const bottom = Math.min(canvas.height, Math.ceil(base + Math.max(canvas.height * 0.03, reach)));
  const width = right - left;
  const height = bottom - top;

  const cast = new Float32Array(width * height);
  const contact = new Float32Array(width * height);
  const under = new Float32Array(width * height);
  for (let ry = 0; ry < height; ry++) {
    const y = top + ry;
    const t = (base - y) / castLength;
    if (t < 0 || t > 1) continue;
    // Row t of the shadow is the silhouette's row t from the bottom, squashed and sheared back.
    const sy = Math.min(box.h - 1, Math.max(0, Math.round(box.h * (1 - t))));
    for (let rx = 0; rx < width; rx++) {
      const sx = Math.round(left + rx - box.x - shear * t);
      if (sx < 0 || sx >= box.w) continue;
      cast[ry * width + rx] = (alpha[sy * box.w + sx]! / 255) * CAST_DARKNESS * (1 - 0.6 * t);
    }
  }
  const column = (x: number) => Math.min(maskWidth - 1, Math.floor((x * maskWidth) / box.w));
  for (let x = 0; x < box.w; x++) {
    const foot = floor.feet[column(x)]!;
    if (Number.isNaN(foot)) continue;
    const footY = box.y + foot * box.h;
    const rx = box.x + x - left;
    if (rx < 0 || rx >= width) continue;
    for (let y = Math.floor(footY - band * 0.6); y <= Math.ceil(footY + band * 0.6); y++) {
      const ry = y - top;
      if (ry >= 0 && ry < height)
        contact[ry * width + rx] = Math.max(
          contact[ry * width + rx]!,
          CONTACT_DARKNESS * (1 - Math.abs(y - footY) / (band * 0.6 + 1)),
        );
    }
  }
  // Under the piece, between its rear contacts and its front floor line, less light reaches the
  // floor; in front of that line (below a corner view's V) the floor is open.
  for (let x = 0; x < box.w; x++) {
    const front = floor.front[column(x)]!;
    const rx = box.x + x - left;
    if (Number.isNaN(front) || rx < 0 || rx >= width) continue;
    for (let y = Math.floor(rearY - band); y <= Math.ceil(box.y + front * box.h); y++) {
      const ry = y - top;
      if (ry >= 0 && ry < height) under[ry * width + rx] = UNDER_DARKNESS;
    }
  }
  const wall = new Float32Array(width * height);
  if (againstWall) {
    const dx = Math.round(box.h * WALL_OFFSET * (lightFrom === 'left' ? 1 : -1));
    for (let ry = 0; ry < height; ry++) {
      const sy = top + ry - box.y;
      if (sy < 0 || sy >= box.h) continue;
      for (let rx = 0; rx < width; rx++) {
        const sx = left + rx - box.x - dx;
        if (sx >= 0 && sx < box.w) wall[ry * width + rx] = (alpha[sy * box.w + sx]! / 255) * WALL_DARKNESS;
      }
    }
  }
  const [softCast, softContact, softUnder, softWall] = await Promise.all([
    blurred(cast, width, height, box.h * 0.025),
    blurred(contact, width, height, band * 0.5),
    blurred(under, width, height, underSoftness),
    againstWall ? blurred(wall, width, height, box.h * WALL_SPREAD) : wall,
  ]);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    // Shadows multiply: two overlapping ones darken less than their sum.
    const darkness = 1 - (1 - softCast[i]!) * (1 - softContact[i]!) * (1 - softUnder[i]!) * (1 - softWall[i]!);
    rgba[i * 4 + 3] = Math.round(darkness * 255);
  }
  return { input: rgba, raw: { width, height, channels: 4 }, left, top };
}
