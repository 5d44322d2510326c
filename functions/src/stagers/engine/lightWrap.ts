import sharp from 'sharp';
import type { Box } from './layout.js';

/** How much of the room's light bleeds over the piece's rim, at most. */
const WRAP_STRENGTH = 0.35;
/** The rim's width as a share of the piece's height. */
const WRAP_WIDTH = 0.012;

/**
 * Light wrap: in a photograph the light of the room behind an object spills a little over its
 * edge, so its rim takes the room's colour; a cut-out without it looks pasted on. The room behind
 * the piece, blurred, is mixed into the piece's rim: strongest at the very edge, fading inwards.
 * `piece` is RGBA at `box`, `room` the canvas's RGB; the piece is changed in place.
 */
export async function wrapLight(piece: Buffer, room: Buffer, canvasWidth: number, box: Box): Promise<void> {
  const sigma = Math.max(0.8, box.h * WRAP_WIDTH);
  const alpha = Buffer.alloc(box.w * box.h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = piece[i * 4 + 3]!;
  const behind = Buffer.alloc(box.w * box.h * 3);
  for (let y = 0; y < box.h; y++) {
    const from = ((box.y + y) * canvasWidth + box.x) * 3;
    room.copy(behind, y * box.w * 3, from, from + box.w * 3);
  }
  const [softAlpha, softRoom] = await Promise.all([
    sharp(alpha, { raw: { width: box.w, height: box.h, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer(),
    sharp(behind, { raw: { width: box.w, height: box.h, channels: 3 } }).blur(sigma * 2).raw().toBuffer(),
  ]);
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]!;
    if (a === 0) continue;
    // Inside the piece near its edge the blurred alpha drops below 1: that shortfall is the rim.
    const rim = Math.max(0, 1 - softAlpha[i]! / 255) * (a / 255) * WRAP_STRENGTH * 2;
    const k = Math.min(WRAP_STRENGTH, rim);
    if (k <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const p = i * 4 + c;
      piece[p] = Math.round(piece[p]! * (1 - k) + softRoom[i * 3 + c]! * k);
    }
  }
}
