/**
 * What the engine said about each photo before (the preview) or instead of (a refused staging)
 * charging for it, the photos in marking mode and the words each room was chosen by. Kept beside
 * the studio's image state, by image id, because they come from the server, not from the seller.
 */
import { atom } from 'jotai';
import { formatBrushMask, formatSubjectHint, type PreviewVerdict, type StagePreview } from '@flipstage/core';
import { studioAtom } from './studioAtoms';
import { pendingImages, type StudioImage } from './studioState';

/** What a photo is judged with: the seller's tap or box, brush strokes and confirmation. */
export type MarkedPhoto = Pick<StudioImage, 'subject' | 'strokes' | 'confirmedFurniture'>;

/**
 * The mark a judgement was made with, as one comparable string ('' for none). A photo's strokes
 * are null until a stroke paints a cell, and a stroke replaces the grid rather than changing it.
 */
export function markKey(image: MarkedPhoto): string {
  const { subject, strokes } = image;
  return `${subject ? formatSubjectHint(subject) : ''}|${strokes ? formatBrushMask(strokes) : ''}|${image.confirmedFurniture}`;
}

/** The seller pointed at the piece: a tap, a box or brush strokes. The classifier never vetoes such a photo. */
export const isMarked = (image: MarkedPhoto): boolean => image.subject !== null || image.strokes !== null;

export interface PhotoJudgement {
  /** markKey of the mark the photo was judged with: a judgement of another mark is stale. */
  mark: string;
  verdict: PreviewVerdict;
  message: string | null;
  /** The cut-out's outline, in fractions of the oriented photo; empty when the engine drew none. */
  outline: StagePreview['outline'];
}

export const judgementsAtom = atom<Readonly<Record<string, PhotoJudgement>>>({});

/** The photos whose preview is in flight, with the mark it was asked for. */
export const previewingAtom = atom<Readonly<Record<string, string>>>({});

/** Photos whose marking mode is on: the photo takes taps and drags, and arrow keys move the mark. */
export const markingAtom = atom<ReadonlySet<string>>(new Set<string>());

/** The prompt words each room was chosen by (local engine), by the room's output URL. */
export const matchedWordsAtom = atom<Readonly<Record<string, string[]>>>({});

/** The image edit each room was saved as, by the room's output URL: listing the room links a piece to it. */
export const editIdsAtom = atom<Readonly<Record<string, string>>>({});

export const setMarkingAtom = atom(null, (get, set, id: string, on: boolean) => {
  const next = new Set(get(markingAtom));
  if (on) next.add(id);
  else next.delete(id);
  set(markingAtom, next);
});

/** Records a judgement; an unsure one turns marking on, so the seller can answer it at once. */
export const judgeAtom = atom(null, (get, set, id: string, judgement: PhotoJudgement) => {
  set(judgementsAtom, { ...get(judgementsAtom), [id]: judgement });
  if (judgement.verdict === 'unsure') set(setMarkingAtom, id, true);
});

/** The judgement of the photo as it is marked now, or null while none was made for this mark. */
export function currentJudgement(
  judgements: Readonly<Record<string, PhotoJudgement>>,
  image: StudioImage,
): PhotoJudgement | null {
  const judgement = judgements[image.id];
  return judgement && judgement.mark === markKey(image) ? judgement : null;
}

/**
 * Why Generate leaves a photo alone, or null when it may be staged: the engine could not tell
 * which piece is meant and the seller has not marked one, or the photo shows no furniture and the
 * seller has neither marked the piece nor said "It is furniture: stage it". Either way staging
 * would be refused, so no request (and no charge) is made.
 */
export function heldBack(judgement: PhotoJudgement | null, image: StudioImage): 'needs-mark' | 'not-furniture' | null {
  if (judgement?.verdict === 'not-furniture' && !image.confirmedFurniture && !isMarked(image)) return 'not-furniture';
  if (judgement?.verdict === 'unsure' && !isMarked(image)) return 'needs-mark';
  return null;
}

/** The photos Generate All stages: pending ones the engine has not held back. */
export const stageablePendingAtom = atom((get) => {
  const judgements = get(judgementsAtom);
  return pendingImages(get(studioAtom)).filter((img) => heldBack(currentJudgement(judgements, img), img) === null);
});
