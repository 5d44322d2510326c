/** Mean over a (2r+1)² window, clipped at the image edges, in O(n) with running sums. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
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

