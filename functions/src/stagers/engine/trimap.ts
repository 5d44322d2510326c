/**
 * Matting at the size the piece is placed at. The coarse mask's blurred rim is the unknown band of
 * a trimap; inside it each pixel's colour is explained as a mix of the sure piece and the sure
 * backdrop nearby (the local colour line of closed-form matting, with one colour per side), which
 * gives the share of the piece it shows. Edge colours are then unmixed from the backdrop's, so a
 * light wall leaves no pale rim and a dark one no dark rim.
 */

/** The coarse matte is sure of a pixel beyond these. */
const SURE_BACKDROP = 0.01;
const SURE_PIECE = 0.99;
/** Piece and backdrop colours this far apart (squared, RGB 0–1) make the colour estimate worth half the vote. */
const COLOUR_TRUST = 0.006;
/** A side needs this much sure support within the window before its local colour means anything. */
const MIN_SUPPORT = 0.02;
/** Closer than this to fully clear or solid, a pixel is. */
const SNAP = 0.04;

/**
 * One side (the sure piece or the sure backdrop) as summed-area tables of its pixels and their
 * colours, so its mean colour in a window around any pixel costs four lookups. Only the unknown
 * band asks, a small share of the picture: no image-sized window means are computed.
 */
class Side {
  private readonly tables: Int32Array[];
  private readonly stride: number;

  constructor(pixels: Uint8Array, channels: number, member: (i: number) => boolean, private readonly width: number, private readonly height: number) {
    this.stride = width + 1;
    this.tables = [0, 1, 2, 3].map(() => new Int32Array(this.stride * (height + 1)));
    const [count, r, g, b] = this.tables as [Int32Array, Int32Array, Int32Array, Int32Array];
    for (let y = 0; y < height; y++) {
      let rowCount = 0;
      let rowR = 0;
      let rowG = 0;
      let rowB = 0;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (member(i)) {
          rowCount++;
          rowR += pixels[i * channels]!;
          rowG += pixels[i * channels + 1]!;
          rowB += pixels[i * channels + 2]!;
        }
        const t = (y + 1) * this.stride + x + 1;
        const above = t - this.stride;
        count[t] = count[above]! + rowCount;
        r[t] = r[above]! + rowR;
        g[t] = g[above]! + rowG;
        b[t] = b[above]! + rowB;
      }
    }
  }

  /** The side's share of the window around pixel i, and its mean colour there (RGB 0–1) written to `colour`. */
  at(i: number, radius: number, colour: Float64Array): number {
    const x = i % this.width;
    const y = (i - x) / this.width;
    const x0 = Math.max(0, x - radius);
    const x1 = Math.min(this.width, x + radius + 1);
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(this.height, y + radius + 1);
    const a = y0 * this.stride + x0;
    const b = y0 * this.stride + x1;
    const c = y1 * this.stride + x0;
    const d = y1 * this.stride + x1;
    const sum = (t: Int32Array) => t[d]! - t[b]! - t[c]! + t[a]!;
    const count = sum(this.tables[0]!);
    if (count > 0) for (let k = 0; k < 3; k++) colour[k] = sum(this.tables[k + 1]!) / count / 255;
    return count / ((x1 - x0) * (y1 - y0));
  }
}

/**
 * The alpha of each pixel in the coarse matte's unknown band, from its colour between the local
 * piece and backdrop colours; where the two are too alike to tell apart, `fallback` (the guided
 * filter's answer) keeps its say. Returns alpha 0–255.
 */
export function colourMatte(pixels: Uint8Array, channels: number, coarse: Float32Array, fallback: Float32Array, width: number, height: number, radius: number): Uint8Array {
  const n = width * height;
  const piece = new Side(pixels, channels, (i) => coarse[i]! >= SURE_PIECE, width, height);
  const backdrop = new Side(pixels, channels, (i) => coarse[i]! <= SURE_BACKDROP, width, height);
  const f = new Float64Array(3);
  const b = new Float64Array(3);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let a = fallback[i]!;
    if (coarse[i]! >= SURE_PIECE) a = Math.max(a, 1 - SNAP);
    else if (coarse[i]! <= SURE_BACKDROP) a = Math.min(a, SNAP);
    else if (piece.at(i, radius, f) >= MIN_SUPPORT && backdrop.at(i, radius, b) >= MIN_SUPPORT) {
      let along = 0;
      let span = 0;
      for (let c = 0; c < 3; c++) {
        along += (pixels[i * channels + c]! / 255 - b[c]!) * (f[c]! - b[c]!);
        span += (f[c]! - b[c]!) * (f[c]! - b[c]!);
      }
      const byColour = span > 1e-6 ? Math.min(1, Math.max(0, along / span)) : a;
      const trust = span / (span + COLOUR_TRUST);
      a = trust * byColour + (1 - trust) * a;
    }
    alpha[i] = a <= SNAP ? 0 : a >= 1 - SNAP ? 255 : Math.round(a * 255);
  }
  return alpha;
}

/**
 * Edge colours unmixed from the backdrop: a pixel that is a share `a` of the piece over backdrop
 * colour B showed I = aF + (1 − a)B, so its own piece colour is F = B + (I − B) / a. The more
 * see-through the pixel, the more the solid piece nearby counts instead, as the division
 * magnifies noise. `rgba` is changed in place.
 */
export function decontaminate(rgba: Uint8Array, alpha: Uint8Array, width: number, height: number, radius: number): void {
  const n = width * height;
  const solid = 255 * SURE_PIECE;
  const clear = 255 * SURE_BACKDROP;
  const piece = new Side(rgba, 4, (i) => alpha[i]! >= solid, width, height);
  const backdrop = new Side(rgba, 4, (i) => alpha[i]! <= clear, width, height);
  const f = new Float64Array(3);
  const b = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    if (alpha[i]! >= solid || alpha[i]! <= clear || piece.at(i, radius, f) <= 0) continue;
    const a = alpha[i]! / 255;
    const known = backdrop.at(i, radius, b) > 0;
    for (let c = 0; c < 3; c++) {
      const own = rgba[i * 4 + c]! / 255;
      const unmixed = known ? Math.min(1, Math.max(0, b[c]! + (own - b[c]!) / a)) : own;
      const mixed = a * unmixed + (1 - a) * f[c]!;
      rgba[i * 4 + c] = Math.round(Math.min(1, Math.max(0, mixed)) * 255);
    }
  }
}
