/**
 * Binary morphology on 0/1 masks with a 3 × 3 square, as two separable neighbour tests per step.
 */

function step(src: Uint8Array, width: number, height: number, keep: 0 | 1): Uint8Array {
  const rows = new Uint8Array(src.length);
  const other = 1 - keep;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      rows[p] = src[p] === keep || (x > 0 && src[p - 1] === keep) || (x < width - 1 && src[p + 1] === keep) ? keep : other;
    }
  }
  const out = new Uint8Array(src.length);
  for (let p = 0; p < src.length; p++) {
    out[p] = rows[p] === keep || (p >= width && rows[p - width] === keep) || (p + width < src.length && rows[p + width] === keep) ? keep : other;
  }
  return out;
}

/** Erosion then dilation: removes specks and hairline bridges one pixel thin. */
export function open3x3(mask: Uint8Array, width: number, height: number): Uint8Array {
  return step(step(mask, width, height, 0), width, height, 1);
}

/** City-block distance from each pixel to the nearest pixel whose mask value is `to`, in two passes. */
export function distanceTo(mask: Uint8Array, width: number, height: number, to: 0 | 1): Float32Array {
  const d = new Float32Array(mask.length);
  for (let p = 0; p < mask.length; p++) d[p] = mask[p] === to ? 0 : 1e9;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (x > 0) d[p] = Math.min(d[p]!, d[p - 1]! + 1);
      if (y > 0) d[p] = Math.min(d[p]!, d[p - width]! + 1);
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      if (x < width - 1) d[p] = Math.min(d[p]!, d[p + 1]! + 1);
      if (y < height - 1) d[p] = Math.min(d[p]!, d[p + width]! + 1);
    }
  }
  return d;
}

/** The parts of a mask narrower than 2 × radius (legs, rails, slats): what an opening of that radius removes. */
export function thinParts(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const inside = distanceTo(mask, width, height, 0);
  const core = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) core[p] = inside[p]! > radius ? 1 : 0;
  const nearCore = distanceTo(core, width, height, 1);
  const thin = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) thin[p] = mask[p] === 1 && nearCore[p]! > radius ? 1 : 0;
  return thin;
}
