import { createHash } from 'node:crypto';
import { formatBrushMask, formatSubjectHint, type SubjectHint } from '@flipstage/core';
import type { SellerMark } from '../../ports/analysis.js';
import { classifyPhoto, notFurnitureError, type Classification } from './classify/index.js';
import type { StagePhase } from './compose.js';
import type { DecodedPhoto } from './decode.js';
import { analyseSubject, unsureError, type SubjectAnalysis } from './subject.js';

/** What the engine makes of a photo before it stages anything: what it shows, and which piece it would cut out. */
export interface Judgement {
  classification: Classification;
  /** Null when the photo is not a home good: nothing was segmented. */
  analysis: SubjectAnalysis | null;
}

/** The analysis copy cut to the seller's box: a dog asleep on the sofa they boxed is a sofa photo. */
function markedPart(photo: DecodedPhoto, hint: SubjectHint | undefined): DecodedPhoto['analysis'] {
  const image = photo.analysis;
  if (hint?.kind !== 'box') return image;
  const x0 = Math.floor(hint.x * image.width);
  const y0 = Math.floor(hint.y * image.height);
  const width = Math.max(1, Math.min(image.width - x0, Math.round(hint.width * image.width)));
  const height = Math.max(1, Math.min(image.height - y0, Math.round(hint.height * image.height)));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * image.width + x0) * 3;
    rgb.set(image.rgb.subarray(from, from + width * 3), y * width * 3);
  }
  return { rgb, width, height };
}

/** What the photo shows, judged on the seller's box when there is one. */
export function classifyMarked(photo: DecodedPhoto, hint?: SubjectHint): Promise<Classification> {
  return classifyPhoto(markedPart(photo, hint));
}

/**
 * The seller has pointed at a piece (a tap, a box, brush strokes) or said it is furniture: the
 * classifier may suggest a type but never vetoes. A false refusal costs a seller more than a false
 * accept, and the seller knows what they are selling.
 */
export function sellerDecides(mark: SellerMark): boolean {
  return mark.subject !== undefined || mark.strokes !== undefined || mark.confirmedFurniture === true;
}

/**
 * Is it a home good, and which piece is it: the classifier first (on the marked box when there is
 * one), then the segmentation, which a photo of a cat never reaches unless the seller marked it or
 * said it is furniture. Throws the engine's StagingError only for a photo with no piece at all
 * (`no-subject`).
 */
export async function judgePhoto(
  photo: DecodedPhoto,
  mark: SellerMark = {},
  lap?: (phase: StagePhase) => void,
): Promise<Judgement> {
  const bytes = createHash('sha256').update(photo.source).digest('hex');
  const key = judgementKey(bytes, mark);
  const known = recentJudgements.get(key);
  if (known) {
    const judgement = await known;
    lap?.('classify');
    if (judgement.analysis) lap?.('segment');
    return judgement;
  }
  const judging = judgeAfresh(photo, bytes, mark, lap);
  remember(recentJudgements, key, judging);
  return judging;
}

async function judgeAfresh(
  photo: DecodedPhoto,
  bytes: string,
  mark: SellerMark,
  lap: ((phase: StagePhase) => void) | undefined,
): Promise<Judgement> {
  const classification = await classifiedBefore(photo, bytes, mark.subject);
  lap?.('classify');
  if (!classification.homeGood && !sellerDecides(mark)) return { classification, analysis: null };
  const analysis = await analyseSubject(photo, mark);
  lap?.('segment');
  return { classification, analysis };
}

/**
 * The studio previews each photo (and each mark, each brush stroke) and stages it moments later:
 * the staging reuses the preview's judgement instead of running the models again, which is most
 * of the engine's time, and a stroke reuses the classification of its photo and box. A few are
 * kept; a subject's mask is capped in size (subject.ts), so they cost a few MB at most.
 */
const RECENT_JUDGEMENTS = 6;
const recentJudgements = new Map<string, Promise<Judgement>>();
const recentClassifications = new Map<string, Promise<Classification>>();

/** What the photo shows, judged on the box when there is one (a tap or strokes do not change it). */
function classifiedBefore(photo: DecodedPhoto, bytes: string, hint: SubjectHint | undefined): Promise<Classification> {
  const key = `${bytes} ${hint?.kind === 'box' ? formatSubjectHint(hint) : ''}`;
  const known = recentClassifications.get(key);
  if (known) return known;
  const classifying = classifyMarked(photo, hint);
  remember(recentClassifications, key, classifying);
  return classifying;
}

function judgementKey(bytes: string, mark: SellerMark): string {
  const hint = mark.subject ? formatSubjectHint(mark.subject) : '';
  const strokes = mark.strokes ? formatBrushMask(mark.strokes) : '';
  return `${bytes} ${hint} ${strokes} ${mark.confirmedFurniture === true ? 'confirmed' : ''}`;
}

function remember<T>(kept: Map<string, Promise<T>>, key: string, pending: Promise<T>): void {
  kept.set(key, pending);
  if (kept.size > RECENT_JUDGEMENTS) kept.delete(kept.keys().next().value!);
  // A failure (no piece at all, a model error) is not kept: the next look tries again.
  pending.catch(() => {
    if (kept.get(key) === pending) kept.delete(key);
  });
}

export { notFurnitureError, unsureError };
