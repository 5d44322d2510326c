/** How many of the window's (2r+1) places along a line of `length` fall inside it, at each position. */
function inverseCounts(length: number, r: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = 1 / (Math.min(length - 1, i + r) - Math.max(0, i - r) + 1);
  return out;
}

/** Mean over a (2r+1)² window, clipped at the image edges, in O(n) with running sums. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const inverseX = inverseCounts(width, r);
  const inverseY = inverseCounts(height, r);
  const rows = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      rows[row + x] = sum * inverseX[x]!;
      if (x + r + 1 < width) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  // Down the columns a row at a time, so memory is read in order.
  const out = new Float32Array(src.length);
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) for (let x = 0; x < width; x++) sums[x] = sums[x]! + rows[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const k = inverseY[y]!;
    for (let x = 0; x < width; x++) out[row + x] = sums[x]! * k;
    if (y + r + 1 < height) {
      const add = (y + r + 1) * width;
      for (let x = 0; x < width; x++) sums[x] = sums[x]! + rows[add + x]!;
    }
    if (y - r >= 0) {
      const drop = (y - r) * width;
      for (let x = 0; x < width; x++) sums[x] = sums[x]! - rows[drop + x]!;
    }
  }
  return out;
}
