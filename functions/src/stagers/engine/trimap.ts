/**
 * Matting at the size the piece is placed at. The coarse mask's blurred rim is the unknown band of
 * a trimap; inside it each pixel's colour is explained as a mix of the sure piece and the sure
 * backdrop nearby (the local colour line of closed-form matting, with one colour per side), which
 * gives the share of the piece it shows. Edge colours are then unmixed from the backdrop's, so a
 * light wall leaves no pale rim and a dark one no dark rim.
 */
import { boxMean } from './boxMean.js';

/** The coarse matte is sure of a pixel beyond these. */
const SURE_BACKDROP = 0.01;
const SURE_PIECE = 0.99;
/** Piece and backdrop colours this far apart (squared, RGB 0–1) make the colour estimate worth half the vote. */
const COLOUR_TRUST = 0.006;
/** A side needs this much sure support within the window before its local colour means anything. */
const MIN_SUPPORT = 0.02;
/** Closer than this to fully clear or solid, a pixel is. */
const SNAP = 0.04;

interface LocalColours {
  /** Mean colour of the weighted pixels around each pixel, RGB 0–1, interleaved by 3. */
  colour: Float32Array;
  /** Mean weight around each pixel: how much of the window the side covers. */
  support: Float32Array;
}

function localColours(pixels: Uint8Array, channels: number, weight: Float32Array, width: number, height: number, radius: number): LocalColours {
  const n = width * height;
  const support = boxMean(weight, width, height, radius);
  const colour = new Float32Array(n * 3);
  const plane = new Float32Array(n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) plane[i] = (pixels[i * channels + c]! / 255) * weight[i]!;
    const mean = boxMean(plane, width, height, radius);
    for (let i = 0; i < n; i++) colour[i * 3 + c] = support[i]! > 1e-6 ? mean[i]! / support[i]! : 0;
  }
  return { colour, support };
}

/** Local colours of the sure piece and the sure backdrop, given a 0–1 matte. */
function sides(pixels: Uint8Array, channels: number, matte: Float32Array, width: number, height: number, radius: number): { piece: LocalColours; backdrop: LocalColours } {
  const n = width * height;
  const pieceWeight = new Float32Array(n);
  const backdropWeight = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    pieceWeight[i] = matte[i]! >= SURE_PIECE ? 1 : 0;
    backdropWeight[i] = matte[i]! <= SURE_BACKDROP ? 1 : 0;
  }
  return {
    piece: localColours(pixels, channels, pieceWeight, width, height, radius),
    backdrop: localColours(pixels, channels, backdropWeight, width, height, radius),
  };
}

/**
 * The alpha of each pixel in the coarse matte's unknown band, from its colour between the local
 * piece and backdrop colours; where the two are too alike to tell apart, `fallback` (the guided
 * filter's answer) keeps its say. Returns alpha 0–255.
 */
export function colourMatte(pixels: Uint8Array, channels: number, coarse: Float32Array, fallback: Float32Array, width: number, height: number, radius: number): Uint8Array {
  const n = width * height;
  const { piece, backdrop } = sides(pixels, channels, coarse, width, height, radius);
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let a = fallback[i]!;
    const sure = coarse[i]! >= SURE_PIECE || coarse[i]! <= SURE_BACKDROP;
    if (!sure && piece.support[i]! >= MIN_SUPPORT && backdrop.support[i]! >= MIN_SUPPORT) {
      let along = 0;
      let span = 0;
      for (let c = 0; c < 3; c++) {
        const f = piece.colour[i * 3 + c]!;
        const b = backdrop.colour[i * 3 + c]!;
        along += (pixels[i * channels + c]! / 255 - b) * (f - b);
        span += (f - b) * (f - b);
      }
      const byColour = span > 1e-6 ? Math.min(1, Math.max(0, along / span)) : a;
      const trust = span / (span + COLOUR_TRUST);
      a = trust * byColour + (1 - trust) * a;
    } else if (sure) a = coarse[i]! >= SURE_PIECE ? Math.max(a, 1 - SNAP) : Math.min(a, SNAP);
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
  const matte = new Float32Array(n);
  for (let i = 0; i < n; i++) matte[i] = alpha[i]! / 255;
  const { piece, backdrop } = sides(rgba, 4, matte, width, height, radius);
  for (let i = 0; i < n; i++) {
    const a = matte[i]!;
    if (a >= SURE_PIECE || a <= SURE_BACKDROP || piece.support[i]! < 1e-4) continue;
    const known = backdrop.support[i]! >= 1e-4;
    for (let c = 0; c < 3; c++) {
      const own = rgba[i * 4 + c]! / 255;
      const b = backdrop.colour[i * 3 + c]!;
      const unmixed = known ? Math.min(1, Math.max(0, b + (own - b) / a)) : own;
      const mixed = a * unmixed + (1 - a) * piece.colour[i * 3 + c]!;
      rgba[i * 4 + c] = Math.round(Math.min(1, Math.max(0, mixed)) * 255);
    }
  }
}
