/**
 * After the flood: patches of backdrop enclosed by the piece (the gap between a chair's legs) and
 * cast shadows on the floor are released from the subject, judged by a shadow-tolerant score.
 */
import { LIGHTNESS_WEIGHT, type Cluster, type Lab } from './backdropModel.js';
import { labelComponents } from './regions.js';
import { scratchBytes } from './scratch.js';
/** Share of the picture an enclosed patch of backdrop must cover to count: smaller ones are more likely a highlight. */
export const MIN_ENCLOSED_SHARE = 0.0015;
/** How closely an enclosed patch must match a backdrop colour, pixel by pixel and on average. */
const ENCLOSED_PIXEL_SCORE = 0.8;
const ENCLOSED_MEAN_SCORE = 0.2;

/**
 * Backdrop the flood could not reach: the wall between a desk's legs above the floor line, the
 * floor under a coffee table's shelf. A patch that matches a backdrop colour closely throughout
 * (allowing for the shadow the piece casts on it) is marked as backdrop.
 */
export function releaseEnclosedBackdrop(score: Float32Array, background: Uint8Array, width: number): void {
  const candidates = scratchBytes('segment.candidates', background.length);
  for (let p = 0; p < background.length; p++) candidates[p] = background[p] === 0 && score[p]! <= ENCLOSED_PIXEL_SCORE ? 1 : 0;
  const { labels, areas } = labelComponents(candidates, width);
  const sums = new Float64Array(areas.length);
  for (let p = 0; p < background.length; p++) sums[labels[p]!]! += score[p]!;
  const minArea = background.length * MIN_ENCLOSED_SHARE;
  for (let p = 0; p < background.length; p++) {
    const label = labels[p]!;
    if (label > 0 && areas[label]! >= minArea && sums[label]! / areas[label]! <= ENCLOSED_MEAN_SCORE) background[p] = 1;
  }
}

/** A cast shadow is a flat band: no taller than this share of the picture, at least twice as wide as tall. */
const MAX_SHADOW_HEIGHT_SHARE = 0.08;
/**
 * A band resting on the piece along this share of its length, and this wide, is the piece's rim;
 * shorter blobs there are the backdrop's noise, and a wall-floor seam only touches the piece.
 */
const MIN_RIM_COVER = 0.5;
const MIN_RIM_WIDTH_SHARE = 0.1;
/** Rows a band may span between a piece and a leg below it and still count as the leg's joint. */
const JOINT_REACH = 4;

/**
 * The soft shadow a piece casts on the floor reads as "not backdrop" to the flood. A flat band of
 * pixels that are only a darker version of a backdrop colour, lying against the flooded backdrop,
 * is handed back to it; a whole grey sofa on a grey wall is shadow-coloured too, but not flat.
 * A shadow falls under the piece: a long band resting on top of it is the blurred rim where a grey
 * piece meets a lighter wall, and releasing it would bite notches into the top edge. Where a band
 * runs between the piece and a leg below, those pixels are the leg's joint, not floor.
 */
export function releaseCastShadows(score: Float32Array, background: Uint8Array, width: number): void {
  const height = background.length / width;
  const candidates = scratchBytes('segment.candidates', background.length);
  for (let p = 0; p < background.length; p++) candidates[p] = background[p] === 0 && score[p]! <= ENCLOSED_PIXEL_SCORE ? 1 : 0;
  const { labels, areas } = labelComponents(candidates, width);
  const top = new Int32Array(areas.length).fill(height);
  const bottom = new Int32Array(areas.length).fill(-1);
  const left = new Int32Array(areas.length).fill(width);
  const right = new Int32Array(areas.length).fill(-1);
  const touchesBackdrop = new Uint8Array(areas.length);
  const subjectBelow = new Int32Array(areas.length);
  const isSubject = (q: number) => background[q] === 0 && candidates[q] === 0;
  for (let p = 0; p < background.length; p++) {
    const label = labels[p]!;
    if (label === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    top[label] = Math.min(top[label]!, y);
    bottom[label] = Math.max(bottom[label]!, y);
    left[label] = Math.min(left[label]!, x);
    right[label] = Math.max(right[label]!, x);
    if ((x > 0 && background[p - 1] === 1) || (x < width - 1 && background[p + 1] === 1) || (y > 0 && background[p - width] === 1) || (y < height - 1 && background[p + width] === 1)) touchesBackdrop[label] = 1;
    // Solid for a few rows: a bright hairline such as a baseboard's top edge is not the piece.
    if (y < height - 3 && isSubject(p + width) && isSubject(p + 3 * width)) subjectBelow[label]!++;
  }
  const release = new Uint8Array(areas.length);
  for (let label = 1; label < areas.length; label++) {
    const bandHeight = bottom[label]! - top[label]! + 1;
    const bandWidth = right[label]! - left[label]! + 1;
    const flat = bandHeight <= height * MAX_SHADOW_HEIGHT_SHARE && bandWidth >= 2 * bandHeight;
    const rim = subjectBelow[label]! >= bandWidth * MIN_RIM_COVER && bandWidth >= width * MIN_RIM_WIDTH_SHARE;
    release[label] = touchesBackdrop[label] === 1 && flat && !rim ? 1 : 0;
  }
  const reach = JOINT_REACH * width;
  for (let p = 0; p < background.length; p++) {
    if (release[labels[p]!] !== 1) continue;
    let up = p - width;
    while (up >= 0 && up > p - reach && !isSubject(up) && background[up] === 0) up -= width;
    let down = p + width;
    while (down < background.length && down < p + reach && !isSubject(down) && background[down] === 0) down += width;
    const joint = up >= 0 && up > p - reach && isSubject(up) && down < background.length && down < p + reach && isSubject(down);
    if (!joint) background[p] = 1;
  }
}

/**
 * Like the backdrop score, but a pixel darker than a backdrop colour is judged mostly on its hue:
 * a shadow lowers lightness and, in proportion, chroma. Only pixels still outside the backdrop
 * are scored.
 */
export function shadowTolerantScores(lab: Lab, clusters: Cluster[], background: Uint8Array, out: Float32Array): void {
  const count = clusters.length;
  const cl = Float32Array.from(clusters, (c) => c.l);
  const ca = Float32Array.from(clusters, (c) => c.a);
  const cb = Float32Array.from(clusters, (c) => c.b);
  const inverseL = Float32Array.from(clusters, (c) => 1 / Math.max(1, c.l));
  const inverseReach2 = Float32Array.from(clusters, (c) => 1 / (c.reach * c.reach));
  const { L, A, B } = lab;
  for (let p = 0; p < background.length; p++) {
    if (background[p] === 1) continue;
    const l = L[p]!;
    const a = A[p]!;
    const b = B[p]!;
    let best = Infinity;
    for (let k = 0; k < count; k++) {
      const darker = l < cl[k]!;
      const ratio = darker ? l * inverseL[k]! : 1;
      const dl = (l - cl[k]!) * (darker ? 0.15 : LIGHTNESS_WEIGHT);
      const da = a - ca[k]! * ratio;
      const db = b - cb[k]! * ratio;
      const score2 = (dl * dl + da * da + db * db) * inverseReach2[k]!;
      if (score2 < best) best = score2;
    }
    out[p] = Math.sqrt(best);
  }
}
