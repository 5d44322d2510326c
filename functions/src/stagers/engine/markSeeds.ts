/**
 * Where a seller's mark seeds the cut of markedPiece.ts: each crop pixel's first label (likely
 * piece, likely backdrop, or sure either way where the seller painted or tapped), and how much
 * the learned model's word counts at each pixel.
 */
import { BRUSH_DROP, BRUSH_KEEP, type BrushMask } from '@flipstage/core';
import { padBox, type Crop, type FrameBox } from './crop.js';
import { MAYBE_BACKDROP, MAYBE_PIECE, SURE_BACKDROP, SURE_PIECE } from './grabCut.js';

/** A box is drawn by hand: the piece may spill this far past it, so this band is only likely backdrop. */
export const BOX_SPILL = 0.04;
/** The frame's own border, as a share of its size, is likely backdrop when nothing else is known. */
const FRAME_BORDER = 0.04;
/** Less than this share of the crop outside the box is too little to learn the surroundings from. */
const MIN_SURROUNDINGS = 0.05;
/** A tap holds this share of the crop's long side around it as sure piece: a fingertip, not a point. */
const TAP_RADIUS = 0.015;
/** The model's own threshold for the piece. */
const MODEL_PIECE = 0.5;
/** Near the box's edges (this share of its shorter side) the model counts up to this many times more. */
const EDGE_BAND = 0.2;
const EDGE_PRIOR = 2.5;

/** Each crop pixel's label from where it lies in the frame: `label(fx, fy)` in fractions. */
export function labelCrop(crop: Crop, label: (fx: number, fy: number) => number): Uint8Array {
  const labels = new Uint8Array(crop.width * crop.height);
  const { box } = crop;
  for (let y = 0; y < crop.height; y++) {
    const fy = box.y0 + ((y + 0.5) / crop.height) * (box.y1 - box.y0);
    for (let x = 0; x < crop.width; x++)
      labels[y * crop.width + x] = label(box.x0 + ((x + 0.5) / crop.width) * (box.x1 - box.x0), fy);
  }
  return labels;
}

/**
 * Where the crop runs to the photo's own edge there is nothing past it to learn the surroundings
 * from (a box drawn to the photo's bottom edge over a rug, round a whole plant): that edge's band
 * is then the likely backdrop, except where the model sees the piece run into it (a plant's
 * leaves, a bed cut off by the frame). With almost no surroundings at all, every edge is.
 */
export function borderWhenNoSurroundings(labels: Uint8Array, crop: Crop, probability: Float32Array): void {
  const { width, height, box } = crop;
  let outside = 0;
  for (let p = 0; p < labels.length; p++) if (labels[p] === SURE_BACKDROP) outside++;
  const none = outside < labels.length * MIN_SURROUNDINGS;
  const atEdge = 1e-3;
  const left = none || box.x0 <= atEdge;
  // The top edge is left alone: what runs into it is the piece's own top (a plant's leaves, a lamp).
  const top = none;
  const right = none || box.x1 >= 1 - atEdge;
  const bottom = none || box.y1 >= 1 - atEdge;
  if (!left && !top && !right && !bottom) return;
  const band = Math.max(2, Math.round(Math.min(width, height) * FRAME_BORDER));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const border =
        (left && x < band) || (top && y < band) || (right && x >= width - band) || (bottom && y >= height - band);
      if (labels[p] === MAYBE_PIECE && border && probability[p]! < MODEL_PIECE) labels[p] = MAYBE_BACKDROP;
    }
  }
}

/** The brush's cells over the crop: kept cells are sure piece, dropped ones sure backdrop. */
export function applyStrokes(labels: Uint8Array, crop: Crop, strokes: BrushMask | undefined): void {
  if (!strokes) return;
  const { box } = crop;
  for (let y = 0; y < crop.height; y++) {
    const gy = Math.min(
      strokes.height - 1,
      Math.floor((box.y0 + ((y + 0.5) / crop.height) * (box.y1 - box.y0)) * strokes.height),
    );
    for (let x = 0; x < crop.width; x++) {
      const gx = Math.min(
        strokes.width - 1,
        Math.floor((box.x0 + ((x + 0.5) / crop.width) * (box.x1 - box.x0)) * strokes.width),
      );
      const cell = strokes.cells[gy * strokes.width + gx];
      if (cell === BRUSH_KEEP) labels[y * crop.width + x] = SURE_PIECE;
      else if (cell === BRUSH_DROP) labels[y * crop.width + x] = SURE_BACKDROP;
    }
  }
}

/** The tap's fingertip as sure piece. */
export function applyTap(labels: Uint8Array, crop: Crop, at: { x: number; y: number }): void {
  const cx = ((at.x - crop.box.x0) / (crop.box.x1 - crop.box.x0)) * crop.width;
  const cy = ((at.y - crop.box.y0) / (crop.box.y1 - crop.box.y0)) * crop.height;
  const radius = Math.max(1.5, TAP_RADIUS * Math.max(crop.width, crop.height));
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
      if (x < 0 || y < 0 || x >= crop.width || y >= crop.height) continue;
      if ((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius && labels[y * crop.width + x] !== SURE_BACKDROP)
        labels[y * crop.width + x] = SURE_PIECE;
    }
  }
}

/** How the crop's pixels start: each one's first label from where it lies in the frame. */
export type Seeding = (fx: number, fy: number) => number;

const inside = (box: FrameBox, fx: number, fy: number) => fx >= box.x0 && fx <= box.x1 && fy >= box.y0 && fy <= box.y1;

/** A box: inside it likely piece, just past it likely backdrop (a hand-drawn box cuts a little off), beyond sure backdrop. */
export function boxSeeding(box: FrameBox): Seeding {
  const spill = padBox(box, BOX_SPILL);
  return (fx, fy) => (inside(box, fx, fy) ? MAYBE_PIECE : inside(spill, fx, fy) ? MAYBE_BACKDROP : SURE_BACKDROP);
}

/** The engine's own find as the first guess, everything else likely backdrop. */
export function automaticSeeding(automatic: AutomaticPiece | null): Seeding {
  return (fx, fy) => {
    if (!automatic) return MAYBE_BACKDROP;
    const x = Math.min(automatic.width - 1, Math.floor(fx * automatic.width));
    const y = Math.min(automatic.height - 1, Math.floor(fy * automatic.height));
    return automatic.mask[y * automatic.width + x] === 1 ? MAYBE_PIECE : MAYBE_BACKDROP;
  };
}

/** The engine's own find, handed in for strokes painted on it without a box or a tap. */
export interface AutomaticPiece {
  mask: Uint8Array;
  width: number;
  height: number;
}

/**
 * How much the model's word counts at each crop pixel: more near the edges of the guessed box,
 * where what the box encloses is most likely floor or wall running in from outside it (a rug under
 * a table, the lit wall between its legs), and the base weight in its middle, where a piece the
 * model overlooks (the bed under the book it prefers) must survive on its colours.
 */
export function edgeWeights(crop: Crop, guess: FrameBox): Float32Array {
  const weights = new Float32Array(crop.width * crop.height);
  const reach = Math.min(guess.x1 - guess.x0, guess.y1 - guess.y0) * EDGE_BAND;
  const { box } = crop;
  for (let y = 0; y < crop.height; y++) {
    const fy = box.y0 + ((y + 0.5) / crop.height) * (box.y1 - box.y0);
    for (let x = 0; x < crop.width; x++) {
      const fx = box.x0 + ((x + 0.5) / crop.width) * (box.x1 - box.x0);
      const fromEdge = Math.min(fx - guess.x0, guess.x1 - fx, fy - guess.y0, guess.y1 - fy);
      weights[y * crop.width + x] =
        fromEdge <= 0 ? EDGE_PRIOR : 1 + (EDGE_PRIOR - 1) * Math.max(0, 1 - fromEdge / reach);
    }
  }
  return weights;
}

/** A likely piece inside the box, likely backdrop outside: a tap's cut may reach past its first guess. */
export function guessSeeding(box: FrameBox): Seeding {
  return (fx, fy) => (inside(box, fx, fy) ? MAYBE_PIECE : MAYBE_BACKDROP);
}
