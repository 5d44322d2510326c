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
