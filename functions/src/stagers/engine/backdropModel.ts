/**
 * The backdrop's colour model, learned from the frame's border: a handful of Lab colour clusters
 * (k-means), how textured the backdrop is, and the edge strength the flood must not cross.
 */
import { scratchFloat32 } from './scratch.js';

/** Lightness counts a little less than colour: a shadow on the backdrop changes lightness only. */
export const LIGHTNESS_WEIGHT = 0.8;
const CLUSTERS = 6;
/** A border colour seen this rarely is clutter at the edge, not backdrop. */
const MIN_CLUSTER_SHARE = 0.04;

export interface Lab {
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
}

export function distance(lab: Lab, p: number, l: number, a: number, b: number): number {
  const dl = (lab.L[p]! - l) * LIGHTNESS_WEIGHT;
  const da = lab.A[p]! - a;
  const db = lab.B[p]! - b;
  return Math.sqrt(dl * dl + da * da + db * db);
}

export function borderPixels(width: number, height: number): Int32Array {
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

export interface Cluster {
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
export function fitBackdrop(lab: Lab, border: Int32Array): Cluster[] {
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
export function borderTexture(lab: Lab, edges: Float32Array, border: Int32Array, width: number, height: number): { edges: Float32Array; deviations: Float32Array } {
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
export function edgeStrength(lab: Lab, width: number, height: number): Float32Array {
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

export function percentile(values: Float32Array, q: number): number {
  // Every few samples is plenty for a percentile, and sorting is the costly part.
  const stride = Math.max(1, Math.floor(values.length / 2000));
  const sorted = values.filter((_, i) => i % stride === 0).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
