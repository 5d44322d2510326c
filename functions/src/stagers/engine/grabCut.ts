/**
 * GrabCut (Rother, Kolmogorov, Blake, SIGGRAPH 2004): the piece and its surroundings each get a
 * colour mixture (colourMixture.ts), every pixel is labelled by a minimum cut (maxFlow.ts) that
 * weighs how well each mixture explains its colour against a smoothness term that makes a cut
 * cheap only along the photo's edges, and the mixtures are refitted to the new labels until they
 * settle. The seller's marks are hard labels the cut cannot change; the learned model's map, when
 * given, only tilts the colour evidence (a soft prior), so a saliency model that prefers the book
 * on the bed cannot drop the bed.
 */
import {
  colourCost,
  fitMixture,
  initialComponents,
  likeliestComponent,
  type ColourMixture,
  type Pixels,
} from './colourMixture.js';
import { DIRECTIONS, directionX, directionY, gridGraph, minCut } from './maxFlow.js';

/** Sure backdrop, sure piece, and the two guesses the cut may change. */
export const SURE_BACKDROP = 0;
export const SURE_PIECE = 1;
export const MAYBE_BACKDROP = 2;
export const MAYBE_PIECE = 3;

/** The smoothness weight of GrabCut's paper and OpenCV's implementation. */
const GAMMA = 50;
/** The cut settles when fewer than this share of the unsure pixels change. */
const SETTLED = 0.005;
/** How much the model's word counts against the colours', in nats at its most certain. */
const PRIOR_WEIGHT = 0.6;
/** The model's map is clipped this far from 0 and 1: it tilts a pixel, it never decides it. */
const PRIOR_FLOOR = 0.08;

export interface GrabCutInput {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** One of the four labels per pixel; the sure ones stay. */
  labels: Uint8Array;
  /** The learned model's probability that each pixel is the piece, when it ran. */
  prior?: Float32Array | undefined;
  /** How much the model's word counts at each pixel, as a multiple of PRIOR_WEIGHT; 1 everywhere when left out. */
  priorWeight?: Float32Array | undefined;
  iterations?: number;
}

/**
 * Takes the sure pixels out of the graph: a sure pixel's side is known, so each edge to an unsure
 * neighbour becomes that neighbour's cost of taking the other side, and the sure pixel is left
 * unconnected. The cut is the same; the search no longer runs through the sure region (half a
 * box's crop is sure backdrop) or pushes flow through its unbounded terminal edges, which took
 * most of the cut's time.
 */
function foldSureLabels(
  labels: Uint8Array,
  weights: Float64Array,
  width: number,
  height: number,
  asPiece: Float64Array,
  asBackdrop: Float64Array,
): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const label = labels[p]!;
      if (label >= MAYBE_BACKDROP) continue;
      for (let d = 0; d < DIRECTIONS; d++) {
        const nx = x + directionX(d);
        const ny = y + directionY(d);
        if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
        const q = ny * width + nx;
        const w = weights[p * DIRECTIONS + d]!;
        if (labels[q]! >= MAYBE_BACKDROP) (label === SURE_PIECE ? asBackdrop : asPiece)[q]! += w;
        weights[p * DIRECTIONS + d] = 0;
        weights[q * DIRECTIONS + (d ^ 1)] = 0;
      }
    }
  }
}

/** The smoothness weights of the grid's edges: high between alike neighbours, low across an edge. */
function smoothness(rgb: Pixels, width: number, height: number): Float64Array {
  const weights = new Float64Array(width * height * DIRECTIONS);
  const difference = (p: number, q: number) => {
    const dr = rgb[p * 3]! - rgb[q * 3]!;
    const dg = rgb[p * 3 + 1]! - rgb[q * 3 + 1]!;
    const db = rgb[p * 3 + 2]! - rgb[q * 3 + 2]!;
    return dr * dr + dg * dg + db * db;
  };
  // Directions 0 (right), 2 (down), 4 (down-right), 7 (down-left) cover each edge once.
  const forward = [0, 2, 4, 7];
  let total = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (const d of forward) {
        const nx = x + directionX(d);
        const ny = y + directionY(d);
        if (nx < 0 || nx >= width || ny >= height) continue;
        total += difference(y * width + x, ny * width + nx);
        count++;
      }
    }
  }
  const beta = total > 0 ? count / (2 * total) : 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      for (const d of forward) {
        const nx = x + directionX(d);
        const ny = y + directionY(d);
        if (nx < 0 || nx >= width || ny >= height) continue;
        const q = ny * width + nx;
        const w = (d >= 4 ? GAMMA / Math.SQRT2 : GAMMA) * Math.exp(-beta * difference(p, q));
        weights[p * DIRECTIONS + d] = w;
        weights[q * DIRECTIONS + (d ^ 1)] = w;
      }
    }
  }
  return weights;
}

function members(labels: Uint8Array, piece: boolean): Int32Array {
  let count = 0;
  for (let p = 0; p < labels.length; p++)
    if ((labels[p] === SURE_PIECE || labels[p] === MAYBE_PIECE) === piece) count++;
  const out = new Int32Array(count);
  let i = 0;
  for (let p = 0; p < labels.length; p++)
    if ((labels[p] === SURE_PIECE || labels[p] === MAYBE_PIECE) === piece) out[i++] = p;
  return out;
}

function refit(rgb: Pixels, pixels: Int32Array, previous: ColourMixture | null): ColourMixture {
  let assigned: Uint8Array;
  if (previous) {
    assigned = new Uint8Array(pixels.length);
    for (let i = 0; i < pixels.length; i++) {
      const p = pixels[i]! * 3;
      assigned[i] = likeliestComponent(previous, rgb[p]!, rgb[p + 1]!, rgb[p + 2]!);
    }
  } else assigned = initialComponents(rgb, pixels);
  return fitMixture(rgb, pixels, assigned);
}

/**
 * Labels the picture, returning 1 for the piece. The labels passed in are updated in place to the
 * final guesses, so a later call (another brush stroke) can start from them.
 */
export function grabCut({ rgb, width, height, labels, prior, priorWeight, iterations = 5 }: GrabCutInput): Uint8Array {
  const n = width * height;
  const weights = smoothness(rgb, width, height);
  const graph = gridGraph(width, height);
  const priorPiece = new Float64Array(n);
  const priorBackdrop = new Float64Array(n);
  foldSureLabels(labels, weights, width, height, priorPiece, priorBackdrop);
  if (prior) {
    for (let p = 0; p < n; p++) {
      const sure = Math.min(1 - PRIOR_FLOOR, Math.max(PRIOR_FLOOR, prior[p]!));
      const weight = PRIOR_WEIGHT * (priorWeight ? priorWeight[p]! : 1);
      priorPiece[p]! += -weight * Math.log(sure);
      priorBackdrop[p]! += -weight * Math.log(1 - sure);
    }
  }
  graph.capacity.set(weights);
  const terminal = new Float64Array(n);
  let piece: ColourMixture | null = null;
  let backdrop: ColourMixture | null = null;
  let unsure = 0;
  for (let p = 0; p < n; p++) if (labels[p]! >= MAYBE_BACKDROP) unsure++;
  for (let round = 0; round < iterations; round++) {
    const pieceMembers = members(labels, true);
    const backdropMembers = members(labels, false);
    if (pieceMembers.length === 0 || backdropMembers.length === 0) break;
    piece = refit(rgb, pieceMembers, piece);
    backdrop = refit(rgb, backdropMembers, backdrop);
    for (let p = 0; p < n; p++) {
      if (labels[p]! < MAYBE_BACKDROP) continue;
      const r = rgb[p * 3]!;
      const g = rgb[p * 3 + 1]!;
      const b = rgb[p * 3 + 2]!;
      // Source capacity: the cost of calling p backdrop; sink capacity: of calling it piece.
      const net = colourCost(backdrop, r, g, b) + priorBackdrop[p]! - colourCost(piece, r, g, b) - priorPiece[p]!;
      // The last round's flow stays in the graph (maxFlow.ts): only the change in the terminal edges is new.
      graph.terminal[p]! += net - terminal[p]!;
      terminal[p] = net;
    }
    const cut = minCut(graph);
    let changed = 0;
    for (let p = 0; p < n; p++) {
      const label = labels[p]!;
      if (label < MAYBE_BACKDROP) continue;
      const next = cut[p] === 1 ? MAYBE_PIECE : MAYBE_BACKDROP;
      if (next !== label) changed++;
      labels[p] = next;
    }
    if (changed <= unsure * SETTLED) break;
  }
  const mask = new Uint8Array(n);
  for (let p = 0; p < n; p++) mask[p] = labels[p] === SURE_PIECE || labels[p] === MAYBE_PIECE ? 1 : 0;
  return mask;
}
