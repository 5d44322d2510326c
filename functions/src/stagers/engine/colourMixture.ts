/**
 * A Gaussian mixture over RGB colours, full covariance, as GrabCut keeps one for the piece and one
 * for its surroundings (Rother, Kolmogorov, Blake, "GrabCut", SIGGRAPH 2004). Fitted by hard
 * assignment: each pixel belongs to its likeliest component, and each component is re-estimated
 * from its pixels. Deterministic: the first centres are spread by a fixed rule, not at random.
 */
/** Three numbers a pixel, interleaved: RGB bytes, or the cut's colour features (grabCut.ts). */
export type Pixels = Uint8Array | Float32Array;

export const COMPONENTS = 5;
/** Added to each covariance's diagonal: a component of one flat colour must still have a spread. */
const REGULARISE = 4;
const KMEANS_ROUNDS = 6;

export interface ColourMixture {
  weights: Float64Array;
  /** Per component: mean r, g, b. */
  means: Float64Array;
  /** Per component: the inverse covariance (9 numbers, row by row). */
  inverse: Float64Array;
  /** Per component: -log(weight) + 0.5 log det(covariance): what the likelihood's constant costs. */
  offsets: Float64Array;
}

/**
 * The cost of colour (r, g, b) under the mixture's component that explains it best: -log of its
 * weighted likelihood, up to a constant the same for every mixture. The best component alone, not
 * the sum over all: the sum's exponentials cost a third of a cut for a difference GrabCut's labels
 * do not show.
 */
export function colourCost(mixture: ColourMixture, r: number, g: number, b: number): number {
  return componentCost(mixture, r, g, b, false);
}

/** The component that explains the colour best. */
export function likeliestComponent(mixture: ColourMixture, r: number, g: number, b: number): number {
  return componentCost(mixture, r, g, b, true);
}

function componentCost(mixture: ColourMixture, r: number, g: number, b: number, which: boolean): number {
  let best = Infinity;
  let chosen = 0;
  const { means, inverse, offsets } = mixture;
  for (let k = 0; k < offsets.length; k++) {
    if (!Number.isFinite(offsets[k]!)) continue;
    const dr = r - means[k * 3]!;
    const dg = g - means[k * 3 + 1]!;
    const db = b - means[k * 3 + 2]!;
    const m = k * 9;
    const q =
      dr * (inverse[m]! * dr + inverse[m + 1]! * dg + inverse[m + 2]! * db) +
      dg * (inverse[m + 3]! * dr + inverse[m + 4]! * dg + inverse[m + 5]! * db) +
      db * (inverse[m + 6]! * dr + inverse[m + 7]! * dg + inverse[m + 8]! * db);
    const cost = offsets[k]! + 0.5 * q;
    if (cost < best) {
      best = cost;
      chosen = k;
    }
  }
  return which ? chosen : best;
}

/** The mixture fitted to the pixels `members` lists, each pixel given to the component in `assigned`. */
export function fitMixture(rgb: Pixels, members: Int32Array, assigned: Uint8Array): ColourMixture {
  const sums = new Float64Array(COMPONENTS * 12);
  const counts = new Float64Array(COMPONENTS);
  for (let i = 0; i < members.length; i++) {
    const p = members[i]! * 3;
    const k = assigned[i]!;
    const r = rgb[p]!;
    const g = rgb[p + 1]!;
    const b = rgb[p + 2]!;
    const s = k * 12;
    counts[k]!++;
    sums[s]! += r;
    sums[s + 1]! += g;
    sums[s + 2]! += b;
    sums[s + 3]! += r * r;
    sums[s + 4]! += r * g;
    sums[s + 5]! += r * b;
    sums[s + 6]! += g * g;
    sums[s + 7]! += g * b;
    sums[s + 8]! += b * b;
  }
  const weights = new Float64Array(COMPONENTS);
  const means = new Float64Array(COMPONENTS * 3);
  const inverse = new Float64Array(COMPONENTS * 9);
  const offsets = new Float64Array(COMPONENTS).fill(Infinity);
  const total = Math.max(1, members.length);
  for (let k = 0; k < COMPONENTS; k++) {
    const count = counts[k]!;
    if (count < 1) continue;
    const s = k * 12;
    const mr = sums[s]! / count;
    const mg = sums[s + 1]! / count;
    const mb = sums[s + 2]! / count;
    const c00 = sums[s + 3]! / count - mr * mr + REGULARISE;
    const c01 = sums[s + 4]! / count - mr * mg;
    const c02 = sums[s + 5]! / count - mr * mb;
    const c11 = sums[s + 6]! / count - mg * mg + REGULARISE;
    const c12 = sums[s + 7]! / count - mg * mb;
    const c22 = sums[s + 8]! / count - mb * mb + REGULARISE;
    const det = c00 * (c11 * c22 - c12 * c12) - c01 * (c01 * c22 - c12 * c02) + c02 * (c01 * c12 - c11 * c02);
    if (!(det > 0)) continue;
    const m = k * 9;
    inverse[m] = (c11 * c22 - c12 * c12) / det;
    inverse[m + 1] = inverse[m + 3] = (c02 * c12 - c01 * c22) / det;
    inverse[m + 2] = inverse[m + 6] = (c01 * c12 - c02 * c11) / det;
    inverse[m + 4] = (c00 * c22 - c02 * c02) / det;
    inverse[m + 5] = inverse[m + 7] = (c01 * c02 - c00 * c12) / det;
    inverse[m + 8] = (c00 * c11 - c01 * c01) / det;
    weights[k] = count / total;
    means[k * 3] = mr;
    means[k * 3 + 1] = mg;
    means[k * 3 + 2] = mb;
    offsets[k] = -Math.log(weights[k]!) + 0.5 * Math.log(det);
  }
  return { weights, means, inverse, offsets };
}

/**
 * The first assignment of the pixels to components: k-means on colour, its centres first spread
 * along the brightness order (deterministic, unlike k-means++).
 */
export function initialComponents(rgb: Pixels, members: Int32Array): Uint8Array {
  const assigned = new Uint8Array(members.length);
  if (members.length === 0) return assigned;
  const brightness = (i: number) => rgb[members[i]! * 3]! + rgb[members[i]! * 3 + 1]! + rgb[members[i]! * 3 + 2]!;
  const step = Math.max(1, Math.floor(members.length / 4096));
  const sample: number[] = [];
  for (let i = 0; i < members.length; i += step) sample.push(i);
  sample.sort((a, b) => brightness(a) - brightness(b));
  const centres = new Float64Array(COMPONENTS * 3);
  for (let k = 0; k < COMPONENTS; k++) {
    const p = members[sample[Math.min(sample.length - 1, Math.floor(((k + 0.5) / COMPONENTS) * sample.length))]!]! * 3;
    centres.set([rgb[p]!, rgb[p + 1]!, rgb[p + 2]!], k * 3);
  }
  const nearest = (p: number) => {
    let best = Infinity;
    let chosen = 0;
    for (let k = 0; k < COMPONENTS; k++) {
      const dr = rgb[p]! - centres[k * 3]!;
      const dg = rgb[p + 1]! - centres[k * 3 + 1]!;
      const db = rgb[p + 2]! - centres[k * 3 + 2]!;
      const d = dr * dr + dg * dg + db * db;
      if (d < best) {
        best = d;
        chosen = k;
      }
    }
    return chosen;
  };
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    const sums = new Float64Array(COMPONENTS * 4);
    for (const i of sample) {
      const p = members[i]! * 3;
      const k = nearest(p);
      sums[k * 4]! += rgb[p]!;
      sums[k * 4 + 1]! += rgb[p + 1]!;
      sums[k * 4 + 2]! += rgb[p + 2]!;
      sums[k * 4 + 3]!++;
    }
    for (let k = 0; k < COMPONENTS; k++) {
      const count = sums[k * 4 + 3]!;
      if (count > 0) centres.set([sums[k * 4]! / count, sums[k * 4 + 1]! / count, sums[k * 4 + 2]! / count], k * 3);
    }
  }
  for (let i = 0; i < members.length; i++) assigned[i] = nearest(members[i]! * 3);
  return assigned;
}
