/**
 * The classical segmenter: a colour model of the frame's border (backdropModel.ts) flooded
 * inwards without crossing an edge, the boundary refined, then enclosed backdrop and cast shadows
 * released (backdropRelease.ts). subject.ts weighs the result against the learned model.
 */
import {
  borderPixels,
  borderTexture,
  distance,
  edgeStrength,
  fitBackdrop,
  LIGHTNESS_WEIGHT,
  percentile,
  type Lab,
} from './backdropModel.js';
import {
  MIN_ENCLOSED_SHARE,
  releaseCastShadows,
  releaseEnclosedBackdrop,
  shadowTolerantScores,
} from './backdropRelease.js';
import { rgbToLab } from './lab.js';
import { open3x3 } from './morphology.js';
import { fillHoles, isSetMate, labelComponents, partBoxes } from './regions.js';
import { scratchBytes, scratchFloat32, scratchInt32 } from './scratch.js';

/** A 0/1 subject mask at analysis resolution. */
export interface SubjectMask {
  mask: Uint8Array;
  width: number;
  height: number;
}

/** Picks which parts of a 0/1 mask are the piece (the main one and its parts, or the one the seller tapped). */
export type KeepParts = (mask: Uint8Array, width: number) => Uint8Array;

/** How fast the flood's reference colour follows the backdrop; slow enough to stop at a soft edge. */
const DRIFT_RATE = 0.03;
/** However gradually it got there, the flood never takes a pixel this far from every backdrop colour. */
const MAX_BACKDROP_SCORE = 3;
/** Pieces of the subject (a lamp's shade and base) at least this share of the largest one are kept. */
const MIN_PART_SHARE = 0.2;

/**
 * Separates the piece from its backdrop in a (lightly blurred) photo: model the backdrop from the
 * border, flood-fill from the border through backdrop-like pixels without crossing an edge, then
 * clean up. Returns 1 for the subject.
 */
export function segmentSubject(rgb: Uint8Array, width: number, height: number, keep: KeepParts = keepMainSubject): Uint8Array {
  const n = width * height;
  const lab = rgbToLab(rgb, n);
  const border = borderPixels(width, height);
  const clusters = fitBackdrop(lab, border);

  const backdropScore = scratchFloat32('segment.backdropScore', n);
  const cl = Float32Array.from(clusters, (c) => c.l * LIGHTNESS_WEIGHT);
  const ca = Float32Array.from(clusters, (c) => c.a);
  const cb = Float32Array.from(clusters, (c) => c.b);
  const inverseReach2 = Float32Array.from(clusters, (c) => 1 / (c.reach * c.reach));
  for (let p = 0; p < n; p++) {
    const l = lab.L[p]! * LIGHTNESS_WEIGHT;
    const a = lab.A[p]!;
    const b = lab.B[p]!;
    let best = Infinity;
    for (let k = 0; k < cl.length; k++) {
      const dl = l - cl[k]!;
      const da = a - ca[k]!;
      const db = b - cb[k]!;
      const score2 = (dl * dl + da * da + db * db) * inverseReach2[k]!;
      if (score2 < best) best = score2;
    }
    backdropScore[p] = Math.sqrt(best);
  }

  // How far the flood may stray from the backdrop it came through is set by how busy the backdrop is.
  const edges = edgeStrength(lab, width, height);
  const texture = borderTexture(lab, edges, border, width, height);
  const maxEdge = Math.min(24, Math.max(4, 2.3 * percentile(texture.edges, 0.75)));
  const driftReach = Math.min(16, Math.max(3.5, 2.4 * percentile(texture.deviations, 0.75) + 1.5));

  const background = scratchBytes('segment.background', n);
  const refL = scratchFloat32('segment.refL', n);
  const refA = scratchFloat32('segment.refA', n);
  const refB = scratchFloat32('segment.refB', n);
  const queue = scratchInt32('segment.queue', n);
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (background[p] === 1 || backdropScore[p]! > 1) continue;
    background[p] = 1;
    refL[p] = lab.L[p]!;
    refA[p] = lab.A[p]!;
    refB[p] = lab.B[p]!;
    queue[tail++] = p;
  }
  // A pixel joins the backdrop only if it continues its neighbour smoothly and stays close to the
  // colour the flood has been following, which drifts slowly enough to track a gradient or a
  // vignette but not to creep across a soft edge into a piece of a similar colour.
  const tryJoin = (p: number, q: number) => {
    if (background[q] === 1 || backdropScore[q]! > MAX_BACKDROP_SCORE) return;
    if (edges[q]! > maxEdge) return;
    if (distance(lab, q, refL[p]!, refA[p]!, refB[p]!) > driftReach) return;
    background[q] = 1;
    refL[q] = refL[p]! + (lab.L[q]! - refL[p]!) * DRIFT_RATE;
    refA[q] = refA[p]! + (lab.A[q]! - refA[p]!) * DRIFT_RATE;
    refB[q] = refB[p]! + (lab.B[q]! - refB[p]!) * DRIFT_RATE;
    queue[tail++] = q;
  };
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    if (x > 0) tryJoin(p, p - 1);
    if (x < width - 1) tryJoin(p, p + 1);
    if (p >= width) tryJoin(p, p - width);
    if (p + width < n) tryJoin(p, p + width);
  }

  refineBoundary(lab, background, refL, refA, refB, width, height);
  const shadowScore = scratchFloat32('segment.shadowScore', n);
  shadowTolerantScores(lab, clusters, background, shadowScore);
  releaseEnclosedBackdrop(shadowScore, background, width);
  releaseCastShadows(shadowScore, background, width);
  const raw = new Uint8Array(n);
  for (let p = 0; p < n; p++) raw[p] = 1 - background[p]!;
  return fillHoles(keep(open3x3(raw, width, height), width), width, height, n * MIN_ENCLOSED_SHARE);
}

/**
 * The flood stops where an edge begins, so the edge's blurred ramp ends up on the subject's side.
 * Each pass hands a ramp pixel to the backdrop when its colour is nearer the backdrop it borders
 * than the subject two pixels further in.
 */
function refineBoundary(lab: Lab, background: Uint8Array, refL: Float32Array, refA: Float32Array, refB: Float32Array, width: number, height: number): void {
  const steps = [1, -1, width, -width];
  let frontier: number[] = [];
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const q = y * width + x;
      if (background[q] === 0 && (background[q - 1] === 1 || background[q + 1] === 1 || background[q - width] === 1 || background[q + width] === 1)) frontier.push(q);
    }
  }
  for (let pass = 0; pass < 3 && frontier.length > 0; pass++) {
    const joined: number[] = [];
    for (const q of frontier) {
      for (const step of steps) {
        const p = q - step;
        const inner = q + 2 * step;
        const deep = q + 4 * step;
        // Structures only a few pixels across (legs, poles) are left alone: their far side is near.
        if (background[p] !== 1 || deep < 0 || deep >= background.length || background[inner] === 1 || background[deep] === 1) continue;
        if (distance(lab, q, refL[p]!, refA[p]!, refB[p]!) < distance(lab, q, lab.L[inner]!, lab.A[inner]!, lab.B[inner]!)) {
          joined.push(q, p);
          break;
        }
      }
    }
    const next: number[] = [];
    for (let i = 0; i < joined.length; i += 2) {
      const q = joined[i]!;
      const p = joined[i + 1]!;
      background[q] = 1;
      refL[q] = refL[p]!;
      refA[q] = refA[p]!;
      refB[q] = refB[p]!;
      const x = q % width;
      const y = (q - x) / width;
      for (const step of steps) {
        const r = q + step;
        const rx = r % width;
        const ry = (r - rx) / width;
        if (rx >= 2 && rx < width - 2 && ry >= 2 && ry < height - 2 && background[r] === 0 && Math.abs(rx - x) + Math.abs(ry - y) === 1) next.push(r);
      }
    }
    frontier = next;
  }
}

/**
 * The main subject is the biggest region favouring the middle of the frame. Other regions are
 * kept when sizeable and overlapping its bounding box (a lamp's shade and base) or when they are
 * its set mates (a second matching chair beside it), so clutter at the edges is dropped.
 */
export function keepMainSubject(mask: Uint8Array, width: number): Uint8Array {
  const height = mask.length / width;
  const { labels, areas } = labelComponents(mask, width);
  const boxes = partBoxes(labels, areas, width);
  const sums = areas.map(() => ({ sx: 0, sy: 0 }));
  for (let p = 0; p < mask.length; p++) {
    const label = labels[p]!;
    if (label === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    sums[label]!.sx += x;
    sums[label]!.sy += y;
  }
  let main = 0;
  let bestScore = 0;
  for (let label = 1; label < areas.length; label++) {
    const dx = sums[label]!.sx / areas[label]! / width - 0.5;
    const dy = sums[label]!.sy / areas[label]! / height - 0.5;
    const score = areas[label]! * (1 - Math.min(0.9, Math.hypot(dx, dy) * 1.2));
    if (score > bestScore) {
      bestScore = score;
      main = label;
    }
  }
  const out = new Uint8Array(mask.length);
  // Nothing found stays nothing: the caller refuses the photo rather than pasting all of it.
  if (main === 0) return out;
  const mainBox = boxes[main]!;
  const marginX = (mainBox.x1 - mainBox.x0) * 0.1;
  const marginY = (mainBox.y1 - mainBox.y0) * 0.1;
  const keep = areas.map((area, label) => {
    if (label === main) return true;
    const box = boxes[label]!;
    const overlaps = box.x0 <= mainBox.x1 + marginX && box.x1 >= mainBox.x0 - marginX && box.y0 <= mainBox.y1 + marginY && box.y1 >= mainBox.y0 - marginY;
    return label > 0 && ((overlaps && area >= areas[main]! * MIN_PART_SHARE) || isSetMate(mainBox, box));
  });
  for (let p = 0; p < mask.length; p++) if (keep[labels[p]!]) out[p] = 1;
  return out;
}
