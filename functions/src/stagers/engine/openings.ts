/**
 * Backdrop seen through a piece: the wall between a chair's slats, the floor between a table's
 * legs, the wall inside an open cube. The learned model fills such openings (it sees a chair, not
 * its gaps) and the analysis blur closes narrow ones. Here the colours just outside the piece
 * stand for the backdrop, and patches inside the mask that match them throughout are given back.
 */
import { fitBackdrop, LIGHTNESS_WEIGHT, type Cluster, type Lab } from './backdropModel.js';
import { rgbToLab } from './lab.js';
import { distanceTo } from './morphology.js';
import { labelComponents } from './regions.js';
import { scratchFloat32 } from './scratch.js';

/** A pixel this close to an outside colour may be backdrop; a patch must be this close on average. */
const PIXEL_SCORE = 0.8;
const MEAN_SCORE = 0.3;
/** Patches smaller than this share of the picture are a highlight on the piece, not an opening. */
const MIN_PATCH_SHARE = 0.0003;
/** A patch this large a share of the piece is the piece itself, the colour of its wall. */
const MAX_PATCH_OF_PIECE = 0.3;

/**
 * How far each piece pixel is from the nearest outside colour, in units of that colour's reach.
 * Unlike the flood's release of enclosed backdrop this does not forgive darker pixels as shadow:
 * a book a shade darker than the wall is part of the bookcase.
 */
function backdropScores(lab: Lab, clusters: Cluster[], mask: Uint8Array): Float32Array {
  const score = scratchFloat32('openings.score', mask.length);
  for (let p = 0; p < mask.length; p++) {
    if (mask[p] !== 1) continue;
    let best = Infinity;
    for (const c of clusters) {
      const dl = (lab.L[p]! - c.l) * LIGHTNESS_WEIGHT;
      const da = lab.A[p]! - c.a;
      const db = lab.B[p]! - c.b;
      best = Math.min(best, (dl * dl + da * da + db * db) / (c.reach * c.reach));
    }
    score[p] = Math.sqrt(best);
  }
  return score;
}

/**
 * Where the model is this sure of the piece it is no opening: a white label on a pot in front of
 * white boxes. The model's filled openings are half-sure (it half-sees the gaps).
 */
const MODEL_SURE = 0.97;

/** The mask with the backdrop-coloured patches inside it released; the input is not changed. */
export function releaseOpenings(rgb: Uint8Array, mask: Uint8Array, width: number, height: number, probability?: Float32Array): Uint8Array {
  const n = width * height;
  let area = 0;
  for (let p = 0; p < n; p++) area += mask[p]!;
  if (area === 0) return mask;
  const reach = Math.max(4, Math.round(Math.min(width, height) * 0.03));
  const distance = distanceTo(mask, width, height, 1);
  const ring: number[] = [];
  // Two pixels out, past the blurred edge, and no further than the backdrop right behind the piece.
  for (let p = 0; p < n; p++) if (distance[p]! >= 2 && distance[p]! <= reach) ring.push(p);
  if (ring.length === 0) return mask;
  const lab = rgbToLab(rgb, n);
  const clusters = fitBackdrop(lab, Int32Array.from(ring));
  const score = backdropScores(lab, clusters, mask);
  const candidates = new Uint8Array(n);
  for (let p = 0; p < n; p++) candidates[p] = mask[p] === 1 && score[p]! <= PIXEL_SCORE && !(probability && probability[p]! >= MODEL_SURE) ? 1 : 0;
  const { labels, areas } = labelComponents(candidates, width);
  const sums = new Float64Array(areas.length);
  for (let p = 0; p < n; p++) sums[labels[p]!]! += score[p]!;
  const minArea = Math.max(6, n * MIN_PATCH_SHARE);
  const release = areas.map((a, label) => label > 0 && a >= minArea && a <= area * MAX_PATCH_OF_PIECE && sums[label]! / a <= MEAN_SCORE);
  const out = mask.slice();
  for (let p = 0; p < n; p++) if (release[labels[p]!]) out[p] = 0;
  return out;
}
