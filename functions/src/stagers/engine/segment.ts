/**
 * The classical segmenter: a colour model of the frame's border flooded inwards (subject.ts
 * weighs it against the learned model). Over 350 lines because its stages (backdrop fit, flood,
 * boundary refinement, enclosed backdrop and cast-shadow release) share scratch buffers and Lab
 * planes in one synchronous pass; splitting it is part of the redesign (issue 17).
 */
import { rgbToLab } from './lab.js';
import { open3x3 } from './morphology.js';
import { fillHoles, labelComponents } from './regions.js';
import { scratchBytes, scratchFloat32, scratchInt32 } from './scratch.js';

/** A 0/1 subject mask at analysis resolution. */
export interface SubjectMask {
  mask: Uint8Array;
  width: number;
  height: number;
}

/** Lightness counts a little less than colour: a shadow on the backdrop changes lightness only. */
const LIGHTNESS_WEIGHT = 0.8;
const CLUSTERS = 6;
/** A border colour seen this rarely is clutter at the edge, not backdrop. */
const MIN_CLUSTER_SHARE = 0.04;
/** How fast the flood's reference colour follows the backdrop; slow enough to stop at a soft edge. */
const DRIFT_RATE = 0.03;
/** However gradually it got there, the flood never takes a pixel this far from every backdrop colour. */
const MAX_BACKDROP_SCORE = 3;
/** Pieces of the subject (a lamp's shade and base) at least this share of the largest one are kept. */
const MIN_PART_SHARE = 0.2;

interface Lab {
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
}

function distance(lab: Lab, p: number, l: number, a: number, b: number): number {
  const dl = (lab.L[p]! - l) * LIGHTNESS_WEIGHT;
  const da = lab.A[p]! - a;
  const db = lab.B[p]! - b;
  return Math.sqrt(dl * dl + da * da + db * db);
}

function borderPixels(width: number, height: number): Int32Array {
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < band || x >= width - band) out.push(y * width + x);
    }
  }
  return Int32Array.from(out);
}

interface Cluster {
  l: number;
  a: number;
  b: number;
  /** Distance within which a pixel counts as this backdrop colour, adapted to the backdrop's texture. */
  reach: number;
  share: number;
}

/** Border pixels clustered; a regular subsample is plenty to find a handful of colours. */
const MAX_CLUSTER_SAMPLES = 1500;

/** Deterministic k-means over border colours: farthest-point seeding, a few Lloyd iterations. */
function fitBackdrop(lab: Lab, border: Int32Array): Cluster[] {
  const stride = Math.max(1, Math.floor(border.length / MAX_CLUSTER_SAMPLES));
  const samples = stride === 1 ? border : border.filter((_, i) => i % stride === 0);
  const centres: Array<[number, number, number]> = [];
  let meanL = 0;
  let meanA = 0;
  let meanB = 0;
  for (const p of samples) {
    meanL += lab.L[p]!;
    meanA += lab.A[p]!;
    meanB += lab.B[p]!;
  }
  meanL /= samples.length;
  meanA /= samples.length;
  meanB /= samples.length;
  const nearest = new Float32Array(samples.length).fill(Infinity);
  let pick = samples[0]!;
  let best = Infinity;
  for (const p of samples) {
    const d = distance(lab, p, meanL, meanA, meanB);
    if (d < best) {
      best = d;
      pick = p;
    }
  }
  while (centres.length < CLUSTERS) {
    centres.push([lab.L[pick]!, lab.A[pick]!, lab.B[pick]!]);
    const [cl, ca, cb] = centres[centres.length - 1]!;
    let far = -1;
    for (let i = 0; i < samples.length; i++) {
      const d = distance(lab, samples[i]!, cl, ca, cb);
      if (d < nearest[i]!) nearest[i] = d;
      if (nearest[i]! > far) {
        far = nearest[i]!;
        pick = samples[i]!;
      }
    }
    if (far < 1) break;
  }

  const assignment = new Int32Array(samples.length);
  for (let iteration = 0; iteration < 6; iteration++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < samples.length; i++) {
      const p = samples[i]!;
      let k = 0;
      let kd = Infinity;
      centres.forEach(([l, a, b], c) => {
        const d = distance(lab, p, l, a, b);
        if (d < kd) {
        kd = d;
        k = c;
      }
      });
      assignment[i] = k;
      const s = sums[k]!;
      s[0]! += lab.L[p]!;
      s[1]! += lab.A[p]!;
      s[2]! += lab.B[p]!;
      s[3]! += 1;
    }
    sums.forEach((s, c) => {
      if (s[3]! > 0) centres[c] = [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!];
    });
  }

  const spread = centres.map(() => [0, 0]);
  for (let i = 0; i < samples.length; i++) {
    const [l, a, b] = centres[assignment[i]!]!;
    const d = distance(lab, samples[i]!, l, a, b);
    spread[assignment[i]!]![0]! += d * d;
    spread[assignment[i]!]![1]! += 1;
  }
  return centres
    .map(([l, a, b], c) => {
      const [sq, count] = spread[c]!;
      const rms = count! > 0 ? Math.sqrt(sq! / count!) : 0;
      return { l, a, b, reach: Math.max(6, 2.5 * rms), share: count! / samples.length };
    })
    .filter((cluster) => cluster.share >= MIN_CLUSTER_SHARE);
}

/**
 * Texture of the backdrop, measured on the border: neighbour-to-neighbour steps, and how far
 * pixels stray from their local mean (a striped wallpaper strays far, a painted wall hardly at all).
 */
function borderTexture(lab: Lab, edges: Float32Array, border: Int32Array, width: number, height: number): { edges: Float32Array; deviations: Float32Array } {
  const borderEdges = new Float32Array(border.length);
  const deviations = new Float32Array(border.length);
  const radius = 4;
  border.forEach((p, i) => {
    const x = p % width;
    const y = (p - x) / width;
    borderEdges[i] = edges[p]!;
    let l = 0;
    let a = 0;
    let b = 0;
    let count = 0;
    for (let dy = -radius; dy <= radius; dy += 2) {
      for (let dx = -radius; dx <= radius; dx += 2) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const r = yy * width + xx;
        l += lab.L[r]!;
        a += lab.A[r]!;
        b += lab.B[r]!;
        count++;
      }
    }
    deviations[i] = distance(lab, p, l / count, a / count, b / count);
  });
  return { edges: borderEdges, deviations };
}

/**
 * Edge strength: the larger colour difference across the pixel, horizontally or vertically. Taken
 * across two pixels so an edge softened by the analysis blur still reads at full strength.
 */
function edgeStrength(lab: Lab, width: number, height: number): Float32Array {
  const edges = scratchFloat32('segment.edgesRaw', width * height);
  const { L, A, B } = lab;
  const w2 = LIGHTNESS_WEIGHT * LIGHTNESS_WEIGHT;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const left = x > 0 ? p - 1 : p;
      const right = x < width - 1 ? p + 1 : p;
      const up = y > 0 ? p - width : p;
      const down = y < height - 1 ? p + width : p;
      const hl = L[left]! - L[right]!;
      const ha = A[left]! - A[right]!;
      const hb = B[left]! - B[right]!;
      const vl = L[up]! - L[down]!;
      const va = A[up]! - A[down]!;
      const vb = B[up]! - B[down]!;
      edges[p] = Math.sqrt(Math.max(hl * hl * w2 + ha * ha + hb * hb, vl * vl * w2 + va * va + vb * vb));
    }
  }
  return maxFilter3x3(edges, width, height);
}

/** Thickens edges to three pixels so a 4-connected flood cannot slip through a diagonal gap. */
function maxFilter3x3(values: Float32Array, width: number, height: number): Float32Array {
  const rows = scratchFloat32('segment.edgeRows', values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      rows[p] = Math.max(values[p]!, x > 0 ? values[p - 1]! : 0, x < width - 1 ? values[p + 1]! : 0);
    }
  }
  const out = scratchFloat32('segment.edges', values.length);
  for (let p = 0; p < values.length; p++) {
    out[p] = Math.max(rows[p]!, p >= width ? rows[p - width]! : 0, p + width < values.length ? rows[p + width]! : 0);
  }
  return out;
}

function percentile(values: Float32Array, q: number): number {
  // Every few samples is plenty for a percentile, and sorting is the costly part.
  const stride = Math.max(1, Math.floor(values.length / 2000));
  const sorted = values.filter((_, i) => i % stride === 0).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Separates the piece from its backdrop in a (lightly blurred) photo: model the backdrop from the
 * border, flood-fill from the border through backdrop-like pixels without crossing an edge, then
 * clean up. Returns 1 for the subject.
 */
export function segmentSubject(rgb: Uint8Array, width: number, height: number): Uint8Array {
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
  return fillHoles(keepMainSubject(open3x3(raw, width, height), width), width, height, n * MIN_ENCLOSED_SHARE);
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

/** Share of the picture an enclosed patch of backdrop must cover to count: smaller ones are more likely a highlight. */
const MIN_ENCLOSED_SHARE = 0.0015;
/** How closely an enclosed patch must match a backdrop colour, pixel by pixel and on average. */
const ENCLOSED_PIXEL_SCORE = 0.8;
const ENCLOSED_MEAN_SCORE = 0.2;

/**
 * Backdrop the flood could not reach: the wall between a desk's legs above the floor line, the
 * floor under a coffee table's shelf. A patch that matches a backdrop colour closely throughout
 * (allowing for the shadow the piece casts on it) is marked as backdrop.
 */
function releaseEnclosedBackdrop(score: Float32Array, background: Uint8Array, width: number): void {
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
function releaseCastShadows(score: Float32Array, background: Uint8Array, width: number): void {
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
function shadowTolerantScores(lab: Lab, clusters: Cluster[], background: Uint8Array, out: Float32Array): void {
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

/**
 * The main subject is the biggest region, favouring the middle of the frame; other regions are
 * kept only when sizeable and overlapping its bounding box (a lamp's shade and base), so clutter
 * at the edges of the photo is dropped.
 */
export function keepMainSubject(mask: Uint8Array, width: number): Uint8Array {
  const height = mask.length / width;
  const { labels, areas } = labelComponents(mask, width);
  const boxes = areas.map(() => ({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, sx: 0, sy: 0 }));
  for (let p = 0; p < mask.length; p++) {
    const label = labels[p]!;
    if (label === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    const box = boxes[label]!;
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
    box.sx += x;
    box.sy += y;
  }
  let main = 0;
  let bestScore = 0;
  for (let label = 1; label < areas.length; label++) {
    const box = boxes[label]!;
    const dx = box.sx / areas[label]! / width - 0.5;
    const dy = box.sy / areas[label]! / height - 0.5;
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
    return label > 0 && overlaps && area >= areas[main]! * MIN_PART_SHARE;
  });
  for (let p = 0; p < mask.length; p++) if (keep[labels[p]!]) out[p] = 1;
  return out;
}
