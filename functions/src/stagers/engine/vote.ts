/**
 * The two segmenters' vote over one picture (the whole analysis copy, or a crop around the piece):
 * U²-Net small (saliency.ts) and the classical backdrop model (segment.ts). subject.ts decides
 * which picture they vote on.
 */
import { backdropSmoothness } from './backdrop.js';
import { checkMask } from './maskChecks.js';
import { thinParts } from './morphology.js';
import { labelComponents } from './regions.js';
import { releaseOpenings } from './openings.js';
import { predictSaliency, type RgbImage } from './saliency.js';
import { segmentSubject, type KeepParts } from './segment.js';

export type SubjectMethod = 'alpha' | 'model' | 'classical' | 'consensus' | 'marked';

export interface Vote {
  mask: Uint8Array;
  method: SubjectMethod;
  /** The model's map over the same picture, when it ran. */
  probability: Float32Array | null;
}

/** Above this overlap the two segmenters see the same piece and their votes are blended. */
const CONSENSUS_IOU = 0.85;
/**
 * An outer band this smooth is a studio sweep or a plain wall: there the classical backdrop
 * model, which sees every pixel, beats the model's 320-px guess when they disagree. Busy real
 * backgrounds (a garage, shelves, patterned cloth) measured 0.41–0.80 and drawn studio backdrops
 * 0.99–1.00 (docs/engine.md).
 */
export const SMOOTH_BACKDROP = 0.93;
/**
 * On a textured but orderly backdrop (wood grain, wallpaper) the colour model is still trusted
 * when it finds the model's piece and more of it: a headboard the colour of the wall that the
 * model dropped. Cluttered real backgrounds measured below this.
 */
const TEXTURED_BACKDROP = 0.75;
const CONTAINS_MODEL = 0.95;
/** In a blend the model counts a little more: it knows objects, the classical model only colours. */
const MODEL_VOTE = 0.6;
/** Parts of the piece narrower than twice this share of the picture are thin (legs, rails, slats). */
/** A thin part at least this tall for its width stands up. */
const UPRIGHT = 0.5;
const THIN_SHARE = 0.05;

/**
 * Thin parts that stand up (legs, posts, slats, with the rails between them); a flat band is a
 * cast shadow on the floor, which the model rightly vetoed.
 */
function uprightParts(thin: Uint8Array, width: number): Uint8Array {
  const { labels, areas } = labelComponents(thin, width);
  const x0 = new Int32Array(areas.length).fill(width);
  const x1 = new Int32Array(areas.length).fill(-1);
  const y0 = new Int32Array(areas.length).fill(thin.length);
  const y1 = new Int32Array(areas.length).fill(-1);
  for (let p = 0; p < thin.length; p++) {
    const label = labels[p]!;
    if (label === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    x0[label] = Math.min(x0[label]!, x);
    x1[label] = Math.max(x1[label]!, x);
    y0[label] = Math.min(y0[label]!, y);
    y1[label] = Math.max(y1[label]!, y);
  }
  const out = new Uint8Array(thin.length);
  for (let p = 0; p < thin.length; p++) {
    const label = labels[p]!;
    if (label > 0 && y1[label]! - y0[label]! + 1 >= (x1[label]! - x0[label]! + 1) * UPRIGHT) out[p] = 1;
  }
  return out;
}

export function intersectionOverUnion(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return either > 0 ? both / either : 0;
}

/** Share of b that lies inside a. */
export function containment(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let inB = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    inB += b[i]!;
  }
  return inB > 0 ? both / inB : 0;
}

function threshold(probability: Float32Array, cut: number): Uint8Array {
  const mask = new Uint8Array(probability.length);
  for (let i = 0; i < mask.length; i++) mask[i] = probability[i]! >= cut ? 1 : 0;
  return mask;
}

/** The model is sure of a hole below this. */
const SURE_HOLE = 0.1;

/**
 * The flood cannot reach backdrop walled in by the piece (the open cubes of a shelf against a
 * vignetted wall that is lighter in the middle than at the border); the model sees such openings.
 * Where the colour model is trusted, the holes in the model's piece that the model is sure of
 * are opened in the colour model's piece too.
 */
function openModelHoles(
  classical: Uint8Array,
  probability: Float32Array,
  keep: KeepParts,
  width: number,
  height: number,
): Uint8Array {
  const model = keep(threshold(probability, 0.5), width);
  const outside = new Uint8Array(model.length);
  for (let p = 0; p < model.length; p++) outside[p] = 1 - model[p]!;
  const { labels, areas } = labelComponents(outside, width);
  const enclosed = new Uint8Array(areas.length).fill(1);
  enclosed[0] = 0;
  for (let x = 0; x < width; x++) enclosed[labels[x]!] = enclosed[labels[(height - 1) * width + x]!] = 0;
  for (let y = 0; y < height; y++) enclosed[labels[y * width]!] = enclosed[labels[y * width + width - 1]!] = 0;
  const out = classical.slice();
  for (let p = 0; p < out.length; p++) if (enclosed[labels[p]!] === 1 && probability[p]! < SURE_HOLE) out[p] = 0;
  return out;
}

/**
 * A thin part the colour model finds is kept only where the model gives it at least this much: it
 * sees a leg faintly at 320 px, but not a floorboard seam or a skirting line beside the foot.
 */
const THIN_PART_SUPPORT = 0.1;

/** A mask running this share of the frame's height down its left or right edge reaches the frame there. */
const SIDE_RUN = 0.05;

/** Whether the mask reaches the frame's left or right edge. */
function reachesSides(mask: Uint8Array, width: number, height: number): boolean {
  let left = 0;
  let right = 0;
  for (let y = 0; y < height; y++) {
    left += mask[y * width]!;
    right += mask[y * width + width - 1]!;
  }
  return Math.max(left, right) > height * SIDE_RUN;
}

/**
 * Which segmenter to believe. When they agree their votes are blended (the model vetoes backdrop
 * the colour model let in, the colour model sharpens the model's soft edge); when they disagree
 * the model wins unless the backdrop is plain, or orderly and the colour model's piece contains
 * the model's: there the colour model is exact and the model can miss a part the colour of its
 * backdrop. A colour model's piece that runs out to the frame's side where the model's does not
 * has taken in floor or a door frame (a wall and a floor of two plain colours): it is not believed.
 */
function choose(
  classical: Uint8Array,
  probability: Float32Array,
  smoothness: number,
  image: RgbImage,
  keep: KeepParts,
): Vote {
  const { width, height } = image;
  const model = keep(threshold(probability, 0.5), width);
  if (intersectionOverUnion(classical, model) >= CONSENSUS_IOU) {
    // The model at 320 px loses legs and rails a few pixels wide; where the colour model finds
    // such thin parts of a piece they agree on, the colour model's word stands.
    const thin = uprightParts(
      thinParts(classical, width, height, Math.max(2, Math.round(Math.min(width, height) * THIN_SHARE))),
      width,
    );
    const blended = new Uint8Array(classical.length);
    for (let i = 0; i < blended.length; i++)
      blended[i] =
        (thin[i] === 1 && probability[i]! >= THIN_PART_SUPPORT) ||
        (1 - MODEL_VOTE) * classical[i]! + MODEL_VOTE * probability[i]! >= 0.5
          ? 1
          : 0;
    return { mask: keep(blended, width), method: 'consensus', probability };
  }
  const classicalTrusted =
    smoothness >= SMOOTH_BACKDROP ||
    (smoothness >= TEXTURED_BACKDROP && containment(classical, model) >= CONTAINS_MODEL);
  const spills = reachesSides(classical, width, height) && !reachesSides(model, width, height);
  if (classicalTrusted && !spills && checkMask(classical, width, height).problem === null)
    return { mask: classical, method: 'classical', probability };
  return { mask: model, method: 'model', probability };
}

/**
 * Both segmenters over one picture. `seen` is the model's map of this picture when it is already
 * known (cut from a look at the whole frame).
 */
export async function vote(image: RgbImage, keep: KeepParts, seen?: Float32Array): Promise<Vote> {
  const { rgb, width, height } = image;
  // Both use the shared Lab scratch buffers, so each finishes before the other starts.
  const smoothness = backdropSmoothness(rgb, width, height);
  const classical = segmentSubject(rgb, width, height, keep);
  const chosen = choose(classical, seen ?? (await predictSaliency(image)), smoothness, image, keep);
  const opened = releaseOpenings(rgb, chosen.mask, width, height, chosen.probability ?? undefined);
  // After the release: the model's blurry holes must not teach it the piece's colours as backdrop.
  const mask =
    chosen.method === 'classical' && chosen.probability
      ? openModelHoles(opened, chosen.probability, keep, width, height)
      : opened;
  return { ...chosen, mask };
}
