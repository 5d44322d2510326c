import { MESSAGES } from '@flipstage/core';
import { StagingError } from '../../ports/stager.js';
import { backdropSmoothness } from './backdrop.js';
import type { DecodedPhoto } from './decode.js';
import { checkMask, type MaskProblem } from './maskChecks.js';
import { predictSaliency } from './saliency.js';
import { keepMainSubject, segmentSubject, type SubjectMask } from './segment.js';

export type SubjectMethod = 'alpha' | 'model' | 'classical' | 'consensus';

/** The piece as a 0/1 mask at analysis size, and which segmenter found it. */
export interface Subject extends SubjectMask {
  method: SubjectMethod;
}

/** Above this overlap the two segmenters see the same piece and their votes are blended. */
const CONSENSUS_IOU = 0.85;
/**
 * An outer band this smooth is a studio sweep or a plain wall: there the classical backdrop
 * model, which sees every pixel at analysis size, beats the model's 320-px guess when they
 * disagree. Busy real backgrounds (a garage, shelves, patterned cloth) measured 0.41–0.80 and
 * drawn studio backdrops 0.99–1.00 (docs/engine.md).
 */
const SMOOTH_BACKDROP = 0.93;
/**
 * On a textured but orderly backdrop (wood grain, wallpaper) the colour model is still trusted
 * when it finds the model's piece and more of it: a headboard the colour of the wall that the
 * model dropped. Cluttered real backgrounds measured below this.
 */
const TEXTURED_BACKDROP = 0.75;
const CONTAINS_MODEL = 0.95;
/** In a blend the model counts a little more: it knows objects, the classical model only colours. */
const MODEL_VOTE = 0.6;

function intersectionOverUnion(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return either > 0 ? both / either : 0;
}

/** Share of b that lies inside a. */
function containment(a: Uint8Array, b: Uint8Array): number {
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

/**
 * Which segmenter to believe. Both run; when they agree their votes are blended (the model
 * vetoes backdrop the colour model let in, the colour model sharpens the model's soft edge);
 * when they disagree the model wins unless the backdrop is plain, or orderly and the colour
 * model's piece contains the model's: there the colour model is exact and the model can miss a
 * part the colour of its backdrop.
 */
function choose(
  classical: Uint8Array,
  probability: Float32Array,
  smoothness: number,
  width: number,
  height: number,
): { mask: Uint8Array; method: SubjectMethod } {
  const model = keepMainSubject(threshold(probability, 0.5), width);
  if (intersectionOverUnion(classical, model) >= CONSENSUS_IOU) {
    const blended = new Uint8Array(classical.length);
    for (let i = 0; i < blended.length; i++)
      blended[i] = (1 - MODEL_VOTE) * classical[i]! + MODEL_VOTE * probability[i]! >= 0.5 ? 1 : 0;
    return { mask: keepMainSubject(blended, width), method: 'consensus' };
  }
  const classicalTrusted =
    smoothness >= SMOOTH_BACKDROP ||
    (smoothness >= TEXTURED_BACKDROP && containment(classical, model) >= CONTAINS_MODEL);
  if (classicalTrusted && checkMask(classical, width, height).problem === null)
    return { mask: classical, method: 'classical' };
  return { mask: model, method: 'model' };
}

/**
 * Finds the piece, or refuses with a message the seller can act on (DESIGN §6): never the whole
 * photo, never a speck, never scattered background.
 */
export async function findSubject(photo: DecodedPhoto): Promise<Subject> {
  const subject = photo.alpha ? fromAlpha(photo, photo.alpha) : await segmentByVote(photo);
  const { problem } = checkMask(subject.mask, subject.width, subject.height);
  if (problem) throw refusal(problem);
  return subject;
}

async function segmentByVote(photo: DecodedPhoto): Promise<Subject> {
  const { rgb, width, height } = photo.analysis;
  const probability = await predictSaliency(photo.analysis);
  // Both use the shared Lab scratch buffers, so each finishes before the other starts.
  const smoothness = backdropSmoothness(rgb, width, height);
  const classical = segmentSubject(rgb, width, height);
  return { ...choose(classical, probability, smoothness, width, height), width, height };
}
