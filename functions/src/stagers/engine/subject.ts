import { MESSAGES } from '@flipstage/core';
import type { SellerMark } from '../../ports/analysis.js';
import { StagingError } from '../../ports/stager.js';
import { boxArea, mapOntoCrop, maskBox, padBox, pasteMask, readCrop, WHOLE_FRAME, type FrameBox } from './crop.js';
import { cachedAutomatic } from './markedLooks.js';
import { markedPiece } from './markedPiece.js';
import { backdropSmoothness } from './backdrop.js';
import type { DecodedPhoto } from './decode.js';
import { ghostShare } from './ghost.js';
import { checkMask, type MaskProblem } from './maskChecks.js';
import type { RgbImage } from './saliency.js';
import { keepMainSubject, segmentSubject, type SubjectMask } from './segment.js';
import { containment, SMOOTH_BACKDROP, vote, type SubjectMethod, type Vote } from './vote.js';

export type { SubjectMethod };

/**
 * The piece as a 0/1 mask over the whole frame, and which segmenter found it. The mask's size is
 * the photo's aspect at whatever resolution the piece was last seen at: the analysis copy's, or
 * finer when the piece was looked at again in a crop.
 */
export interface Subject extends SubjectMask {
  method: SubjectMethod;
}

export interface SubjectAnalysis {
  subject: Subject;
  /** The model half-saw the piece (a ghost) and no hint says where it is: the seller should mark it. */
  unsure: boolean;
  /** Share of half-sure pixels in the model's answer (ghost.ts), 0 when the model did not run. */
  ghostShare: number;
}

/** The second look reads the crop at this long side: finer than the analysis copy for any piece under the whole frame. */
const CROP_LONG_SIDE = 448;
/**
 * The subject's mask covers the whole frame at the crop's scale; a small piece in a 24-megapixel
 * photo would make that mask, and every pass over it, camera-sized. This caps its long side.
 */
const FINE_FRAME_LONG_SIDE = 1600;
/** Margin around the piece in the crop, a share of its size: the crop's border must be backdrop. */
const CROP_PAD = 0.12;
/**
 * Once both segmenters have seen the whole frame, a crop over this share of it gains too little
 * resolution to look again (about 100 ms: the colour model at the crop's resolution).
 */
const SECOND_LOOK_MAX_AREA = 0.45;
/**
 * When less than this share of the second look's piece lies in the first's, the second look found
 * something else and the first is kept. Openings the second look finds do not count against it.
 */
const SECOND_LOOK_AGREES = 0.5;
/** A marked cut smaller than this share of the frame has nothing in it: a slip, not a piece. */
const MIN_MARKED_COVERAGE = 0.002;
/**
 * Above this share of half-sure pixels the model's mask is a ghost (scripts/engine-eval.ts prints
 * the share). Measured on the model's own masks: real photos it cut out well 0.02–0.21 (the
 * motorcycle in its garage 0.21, the packets on a chair 0.20), drawn pieces 0.02–0.24, the two
 * photos with no piece 0.93–0.97.
 */
export const GHOST_SHARE = 0.3;

/** One message for every way a mask fails: the seller's next step is the same, another photo. */
function refusal(problem: Exclude<MaskProblem, null>): StagingError {
  return new StagingError('no-subject', MESSAGES.noFurnitureFound, {
    cause: new Error(`subject mask rejected: ${problem}`),
  });
}

/** The upload's own transparency, when it is already a cut-out. */
function fromAlpha(photo: DecodedPhoto, alpha: Uint8Array): Subject {
  const { width, height } = photo.analysis;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = alpha[i]! >= 128 ? 1 : 0;
  return { mask, width, height, method: 'alpha' };
}

interface Look extends Vote {
  /** The whole frame's mask at the look's resolution. */
  frame: Uint8Array;
  width: number;
  height: number;
}

/** The segmenters' vote on a crop read at a higher resolution, returned over the whole frame; `first` lends its model map. */
async function lookAt(photo: DecodedPhoto, box: FrameBox, first?: Look): Promise<Look> {
  const crop = await readCrop(photo, box, CROP_LONG_SIDE, FINE_FRAME_LONG_SIDE / Math.max(photo.width, photo.height));
  const seen = first?.probability
    ? mapOntoCrop(first.probability, first.width, first.height, WHOLE_FRAME, crop)
    : undefined;
  const result = await vote(crop, keepMainSubject, seen);
  const width = Math.max(1, Math.round(photo.width * crop.scale));
  const height = Math.max(1, Math.round(photo.height * crop.scale));
  return { ...result, frame: pasteMask(result.mask, crop.width, crop.height, crop.box, width, height), width, height };
}

/** The analysis copy at half its size (2 × 2 means): enough to say where a piece on a plain backdrop is. */
function halve({ rgb, width, height }: RgbImage): RgbImage {
  const w = Math.max(1, width >> 1);
  const h = Math.max(1, height >> 1);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (2 * y * width + 2 * x) * 3;
      const q = p + width * 3;
      for (let c = 0; c < 3; c++)
        out[(y * w + x) * 3 + c] = (rgb[p + c]! + rgb[p + 3 + c]! + rgb[q + c]! + rgb[q + 3 + c]! + 2) >> 2;
    }
  }
  return { rgb: out, width: w, height: h };
}

/**
 * The first look, at the whole frame. On a plain backdrop the colour model alone, at half the
 * analysis size, says where the piece is (the model then runs once, on the crop); elsewhere both
 * segmenters vote on the analysis copy.
 */
async function lookAtFrame(photo: DecodedPhoto): Promise<Look> {
  const { rgb, width, height } = photo.analysis;
  if (backdropSmoothness(rgb, width, height) >= SMOOTH_BACKDROP) {
    const half = halve(photo.analysis);
    const mask = segmentSubject(half.rgb, half.width, half.height);
    if (checkMask(mask, half.width, half.height).problem === null)
      return { mask, method: 'classical', probability: null, frame: mask, width: half.width, height: half.height };
  }
  const result = await vote(photo.analysis, keepMainSubject);
  return { ...result, frame: result.mask, width, height };
}

/** Where the piece is, then a second, finer look at it when that is affordable or the model has not seen it yet. */
async function findPiece(photo: DecodedPhoto): Promise<Look> {
  const first = await lookAtFrame(photo);
  const found = maskBox(first.frame, first.width, first.height);
  if (!found) return first;
  const box = padBox(found, CROP_PAD);
  if (first.probability && boxArea(box) > SECOND_LOOK_MAX_AREA) return first;
  // When the model has seen the whole frame, its map is cut to the crop: a second run would cost
  // about 300 ms for little, the colour model at the crop's resolution brings the detail.
  const second = await lookAt(photo, box, first);
  const firstThere = pasteMask(first.frame, first.width, first.height, WHOLE_FRAME, second.width, second.height);
  return containment(firstThere, second.frame) >= SECOND_LOOK_AGREES ? second : first;
}

/** The engine's own find for strokes painted without a box or a tap: none when it finds no piece. */
async function automaticFind(photo: DecodedPhoto): Promise<Look | null> {
  const look = await findPiece(photo);
  return checkMask(look.frame, look.width, look.height).problem === 'too-small' ? null : look;
}

/**
 * The seller marked the piece (a tap, a box, brush strokes): the mark decides (markedPiece.ts),
 * the models only assist, and only a cut with nothing in it is refused.
 */
async function analyseMarked(photo: DecodedPhoto, mark: SellerMark): Promise<SubjectAnalysis> {
  const automatic = mark.subject ? null : await cachedAutomatic(photo, () => automaticFind(photo));
  const look = await markedPiece(
    photo,
    mark,
    automatic ? { mask: automatic.frame, width: automatic.width, height: automatic.height } : null,
  );
  if (checkMask(look.frame, look.width, look.height).coverage < MIN_MARKED_COVERAGE) throw refusal('too-small');
  return {
    subject: { mask: look.frame, width: look.width, height: look.height, method: 'marked' },
    unsure: false,
    ghostShare: ghostShare(look.probability, look.mask),
  };
}

/**
 * Finds the piece and says how sure it is, without refusing an unsure one: the studio's preview
 * shows the outline either way. Refuses only a mask that cannot be a piece (DESIGN §6). With a
 * hint the seller's mark is trusted: the piece is looked for where it says.
 */
export async function analyseSubject(photo: DecodedPhoto, mark: SellerMark = {}): Promise<SubjectAnalysis> {
  if (photo.alpha && !mark.strokes) return { subject: fromAlpha(photo, photo.alpha), unsure: false, ghostShare: 0 };
  if (mark.subject || mark.strokes) return analyseMarked(photo, mark);
  const look = await findPiece(photo);
  const { problem } = checkMask(look.frame, look.width, look.height);
  if (problem) throw refusal(problem);
  const share = look.probability ? ghostShare(look.probability, look.mask) : 0;
  return {
    subject: { mask: look.frame, width: look.width, height: look.height, method: look.method },
    // Only the model's word alone can be a ghost: where the colour model agrees or decides, the piece is corroborated.
    unsure: look.method === 'model' && share > GHOST_SHARE,
    ghostShare: share,
  };
}

/**
 * Finds the piece, or refuses with a message the seller can act on (DESIGN §6): never the whole
 * photo, never a speck, never scattered background, never a ghost of a piece.
 */
export async function findSubject(photo: DecodedPhoto, mark: SellerMark = {}): Promise<Subject> {
  const analysis = await analyseSubject(photo, mark);
  if (analysis.unsure) throw unsureError(analysis);
  return analysis.subject;
}

/** The refusal of a ghost: the seller marks the piece and tries again, uncharged. */
export function unsureError(analysis: SubjectAnalysis): StagingError {
  return new StagingError('unsure-subject', MESSAGES.unsureSubject, {
    cause: new Error(`model mask is a ghost: ${(analysis.ghostShare * 100).toFixed(0)} % of its pixels half-sure`),
  });
}
