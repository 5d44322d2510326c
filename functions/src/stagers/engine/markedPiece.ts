/**
 * The piece the seller marked, cut out as they meant it (issue 38): a box means "everything in
 * here that is not background", a tap means "this piece", brush strokes are kept or dropped
 * whatever else says. GrabCut (grabCut.ts) labels the picture from those seeds, with the learned
 * model's map as a soft prior only: a saliency model picks the most eye-catching thing, even inside
 * the seller's box, so it must never decide.
 */
import { BRUSH_KEEP, formatSubjectHint } from '@flipstage/core';
import type { SellerMark } from '../../ports/analysis.js';
import { mapOntoCrop, maskBox, padBox, pasteMask, readCrop, WHOLE_FRAME, type Crop, type FrameBox } from './crop.js';
import type { DecodedPhoto } from './decode.js';
import { grabCut, SURE_PIECE } from './grabCut.js';
import { cachedLook, regionKey } from './markedLooks.js';
import {
  applyStrokes,
  applyTap,
  automaticSeeding,
  borderWhenNoSurroundings,
  boxSeeding,
  edgeWeights,
  guessSeeding,
  labelCrop,
  type AutomaticPiece,
  type Seeding,
} from './markSeeds.js';
import { tappedExtent } from './tapRegion.js';
import { labelComponents, fillHoles } from './regions.js';
import { predictSaliency } from './saliency.js';

/** The crop the cut works on: its long side, in pixels. Legs a tenth of a piece's width stay a few pixels wide. */
const WORK_LONG_SIDE = 320;
/** Around the seller's box, this share of its size is read too: the surroundings the cut learns from. */
const BOX_CONTEXT = 0.2;
/** A tap's cut looks wider at most this many times while the piece runs into its edge. */
const TAP_LOOKS = 3;
/** Where neither the tapped surface nor the model says how far the piece reaches, this far round the tap is looked at first. */
const TAP_FALLBACK = 0.15;
/** A stroke refines the settled cut this many times: it moves a boundary, it does not start over. */
const STROKE_ITERATIONS = 2;
/** Parts smaller than this share of the largest are specks of texture, not pieces of a set. */
const MIN_PART_SHARE = 0.04;
/** Holes smaller than this share of the piece are noise; larger ones are openings (between legs, in shelves). */
const MAX_NOISE_HOLE = 0.004;

export type { AutomaticPiece };

export interface MarkedLook {
  /** The piece over the whole frame at the crop's scale. */
  frame: Uint8Array;
  width: number;
  height: number;
  /** The model's map over the crop, for the ghost measure. */
  probability: Float32Array;
  /** The piece over the crop only. */
  mask: Uint8Array;
}

const boxOf = (hint: { x: number; y: number; width: number; height: number }): FrameBox => ({
  x0: hint.x,
  y0: hint.y,
  x1: hint.x + hint.width,
  y1: hint.y + hint.height,
});

/**
 * What the cut keeps: every part that is not a speck (a box's two chairs and a side table), or
 * with a tap only the part under it; noise holes filled, openings kept.
 */
function keptParts(
  mask: Uint8Array,
  seeds: Uint8Array,
  width: number,
  height: number,
  tap: { x: number; y: number } | null,
): Uint8Array {
  const { labels, areas } = labelComponents(mask, width);
  let largest = 0;
  for (let label = 1; label < areas.length; label++) largest = Math.max(largest, areas[label]!);
  const keep = new Uint8Array(areas.length);
  if (tap) {
    const x = Math.min(width - 1, Math.max(0, Math.round(tap.x)));
    const y = Math.min(height - 1, Math.max(0, Math.round(tap.y)));
    keep[labels[y * width + x]!] = 1;
  } else
    for (let label = 1; label < areas.length; label++) keep[label] = areas[label]! >= largest * MIN_PART_SHARE ? 1 : 0;
  // What the seller painted to keep stays, joined to the rest or not.
  for (let p = 0; p < mask.length; p++) if (seeds[p] === SURE_PIECE) keep[labels[p]!] = 1;
  keep[0] = 0;
  const out = new Uint8Array(mask.length);
  let area = 0;
  for (let p = 0; p < out.length; p++) {
    out[p] = keep[labels[p]!]!;
    area += out[p]!;
  }
  return fillHoles(out, width, height, Math.max(4, area * MAX_NOISE_HOLE));
}

function union(a: FrameBox | null, b: FrameBox | null): FrameBox | null {
  if (!a || !b) return a ?? b;
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

interface Cut {
  crop: Crop;
  probability: Float32Array;
  /** The piece over the crop. */
  mask: Uint8Array;
}

/** One GrabCut over a region of the photo, from its seeding, the tap and the strokes. */
async function cutRegion(
  photo: DecodedPhoto,
  region: FrameBox,
  seeding: Seeding,
  mark: SellerMark,
  guess: FrameBox | null,
  prior?: (crop: Crop) => Float32Array,
): Promise<Cut> {
  const look = await cachedLook(photo, region, async () => {
    const crop = await readCrop(photo, region, WORK_LONG_SIDE);
    return { crop, probability: prior ? prior(crop) : await predictSaliency(crop) };
  });
  const { crop, probability } = look;
  const tap = mark.subject?.kind === 'point' ? mark.subject : null;
  const priorWeight = guess ? edgeWeights(crop, guess) : undefined;
  const cut = (labels: Uint8Array, iterations?: number) =>
    grabCut({
      rgb: crop.rgb,
      width: crop.width,
      height: crop.height,
      labels,
      prior: probability,
      priorWeight,
      iterations,
    });
  // The cut without strokes, settled once and kept with the crop: each stroke refines it.
  const key = `${mark.subject ? formatSubjectHint(mark.subject) : 'automatic'} ${guess ? regionKey(guess) : ''}`;
  let settled = look.unstroked.get(key);
  if (!settled) {
    settled = labelCrop(crop, seeding);
    borderWhenNoSurroundings(settled, crop, probability);
    if (tap) applyTap(settled, crop, tap);
    cut(settled);
    look.unstroked.set(key, settled);
  }
  const labels = settled.slice();
  applyStrokes(labels, crop, mark.strokes);
  const piece = cut(labels, mark.strokes ? STROKE_ITERATIONS : 0);
  const tapAt = tap
    ? {
        x: ((tap.x - crop.box.x0) / (crop.box.x1 - crop.box.x0)) * crop.width,
        y: ((tap.y - crop.box.y0) / (crop.box.y1 - crop.box.y0)) * crop.height,
      }
    : null;
  return { crop, probability, mask: keptParts(piece, labels, crop.width, crop.height, tapAt) };
}

/** Where in the frame a cut's piece lies, in fractions. */
function pieceBox(cut: Cut): FrameBox | null {
  const found = maskBox(cut.mask, cut.crop.width, cut.crop.height);
  if (!found) return null;
  const { box } = cut.crop;
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  return { x0: box.x0 + found.x0 * w, y0: box.y0 + found.y0 * h, x1: box.x0 + found.x1 * w, y1: box.y0 + found.y1 * h };
}

/** A region that reaches the crop's edge where the crop could have gone further was cut short. */
function cutShort(found: FrameBox, region: FrameBox): boolean {
  const e = 0.01;
  return (
    (found.x0 <= region.x0 + e && region.x0 > 0) ||
    (found.y0 <= region.y0 + e && region.y0 > 0) ||
    (found.x1 >= region.x1 - e && region.x1 < 1) ||
    (found.y1 >= region.y1 - e && region.y1 < 1)
  );
}

/**
 * A tap: the tapped surface and the model's part under it say roughly how far the piece reaches
 * (tapRegion.ts); the cut around that keeps the part under the finger, and looks wider while the
 * piece runs into the edge of what it looked at.
 */
async function cutTapped(
  photo: DecodedPhoto,
  mark: SellerMark,
  tap: { x: number; y: number },
  kept: FrameBox | null,
): Promise<Cut> {
  const frame = await cachedLook(photo, WHOLE_FRAME, async () => {
    const crop = await readCrop(photo, WHOLE_FRAME, WORK_LONG_SIDE);
    return { crop, probability: await predictSaliency(crop) };
  });
  const frameMap = (crop: Crop) =>
    mapOntoCrop(frame.probability, frame.crop.width, frame.crop.height, WHOLE_FRAME, crop);
  let guess = union(tappedExtent(frame.crop, frame.probability, tap), kept) ?? {
    x0: Math.max(0, tap.x - TAP_FALLBACK),
    y0: Math.max(0, tap.y - TAP_FALLBACK),
    x1: Math.min(1, tap.x + TAP_FALLBACK),
    y1: Math.min(1, tap.y + TAP_FALLBACK),
  };
  let cut: Cut | null = null;
  for (let look = 0; look < TAP_LOOKS; look++) {
    const region = padBox(guess, BOX_CONTEXT);
    cut = await cutRegion(photo, region, guessSeeding(guess), mark, guess, frameMap);
    const found = pieceBox(cut);
    if (!found || !cutShort(found, cut.crop.box)) break;
    guess = padBox(union(guess, found)!, BOX_CONTEXT);
  }
  return cut!;
}

/** The cut of the seller's mark, before it is pasted into the frame. */
async function cutForMark(photo: DecodedPhoto, mark: SellerMark, automatic: AutomaticPiece | null): Promise<Cut> {
  const hint = mark.subject;
  const kept = mark.strokes ? maskBox(mark.strokes.cells, mark.strokes.width, mark.strokes.height, BRUSH_KEEP) : null;
  if (hint?.kind === 'box') {
    const box = boxOf(hint);
    return cutRegion(photo, padBox(union(box, kept)!, BOX_CONTEXT), boxSeeding(box), mark, box);
  }
  if (hint?.kind === 'point') return cutTapped(photo, mark, hint, kept);
  const found = automatic ? maskBox(automatic.mask, automatic.width, automatic.height) : null;
  const region = union(found, kept) ?? WHOLE_FRAME;
  return cutRegion(photo, padBox(region, BOX_CONTEXT), automaticSeeding(automatic), mark, null);
}

/**
 * Cuts out the piece the seller marked. `automatic` is the engine's own find, used only when the
 * seller painted strokes without a box or a tap. The crop and the model's map are kept for a few
 * marks (markedLooks.ts), so each brush stroke costs only the cut.
 */
export async function markedPiece(
  photo: DecodedPhoto,
  mark: SellerMark,
  automatic: AutomaticPiece | null,
): Promise<MarkedLook> {
  const { crop, probability, mask } = await cutForMark(photo, mark, automatic);
  const width = Math.max(1, Math.round(photo.width * crop.scale));
  const height = Math.max(1, Math.round(photo.height * crop.scale));
  return { frame: pasteMask(mask, crop.width, crop.height, crop.box, width, height), width, height, probability, mask };
}
