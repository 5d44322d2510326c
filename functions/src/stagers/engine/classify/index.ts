import { MESSAGES, type FurnitureTypeId } from '@flipstage/core';
import { StagingError } from '../../../ports/stager.js';
import { classPresence, type RgbImage } from './detector.js';
import { categoryOf, COCO_LABELS, seenAs, suggestedTypeOf, type CocoLabel } from './labels.js';
import { sceneCues, type SceneCues } from './scene.js';

/**
 * "Is it a home good?", asked before anything is charged. A COCO detector (detector.ts) says how
 * sure it is that each of 80 kinds of thing is in the photo; a photo is refused only when an
 * animal, a person, a vehicle or food is clearly there, or the frame reads as a landscape or a
 * screenshot (scene.ts), and no furniture is, because refusing a seller's real piece costs more
 * than staging a cat. See docs/engine.md, "Is it a home good?".
 */
export interface Classification {
  homeGood: boolean;
  /** What the photo shows, as a sentence says it: "a cat", "a chair". */
  seen: string;
  suggestedType: FurnitureTypeId | null;
  /** The COCO class the verdict rests on, and the detector's probability for it. */
  label: string;
  confidence: number;
}

export interface Thresholds {
  /** A refused subject (animal, person, vehicle, food) at least this likely… */
  refuseAt: number;
  /** …refuses the photo unless some home label is at least this likely. */
  homeVeto: number;
  /**
   * A furniture label at least this likely suggests its type. The studio preselects it, so a wrong
   * guess costs the seller a correction: on the labelled chairs, sofas and tables 0.45 suggests 48
   * of 74, 9 wrongly; 0.30 suggested 64, 20 wrongly.
   */
  suggestAt: number;
  /** With no home label this likely, sky over this share of the top third reads as a landscape… */
  skyTop: number;
  /** …and a white ground over this share crossed by edges this strong reads as a screenshot. */
  white: number;
  textEdges: number;
}

/**
 * refuseAt and homeVeto are tuned on the tune half of functions/test/fixtures/classifier
 * (`npm run engine:classify-eval -- --tune`); the scene cues' thresholds were set by eye from the
 * photos' statistics, well clear of every furniture photo's.
 */
export const THRESHOLDS: Thresholds = {
  refuseAt: 0.37,
  homeVeto: 0.3,
  suggestAt: 0.45,
  skyTop: 0.5,
  white: 0.3,
  textEdges: 25,
};

function best(presence: Float32Array, keep: (label: CocoLabel) => boolean): { label: CocoLabel; score: number } | null {
  let found: { label: CocoLabel; score: number } | null = null;
  COCO_LABELS.forEach((label, i) => {
    if (keep(label) && (!found || presence[i]! > found.score)) found = { label, score: presence[i]! };
  });
  return found;
}

function refusal(seen: string, label: string, confidence: number): Classification {
  return { homeGood: false, seen, suggestedType: null, label, confidence };
}

/** The verdict for the detector's per-class presence and the scene cues; pure, so the evaluation can tune it. */
export function decide(presence: Float32Array, scene: SceneCues, thresholds: Thresholds = THRESHOLDS): Classification {
  const home = best(presence, (label) => categoryOf(label) === 'home')!;
  const refused = best(presence, (label) => categoryOf(label) !== 'home' && categoryOf(label) !== 'other')!;
  const furniture = best(presence, (label) => suggestedTypeOf(label) !== null)!;
  const suggestedType = furniture.score >= thresholds.suggestAt ? suggestedTypeOf(furniture.label) : null;
  if (home.score < thresholds.homeVeto) {
    if (refused.score >= thresholds.refuseAt) return refusal(seenAs(refused.label), refused.label, refused.score);
    if (scene.skyTop >= thresholds.skyTop) return refusal('a landscape', 'sky', scene.skyTop);
    if (scene.white >= thresholds.white && scene.edges >= thresholds.textEdges)
      return refusal('a screenshot', 'text', scene.white);
  }
  const named = home.score >= thresholds.suggestAt;
  return {
    homeGood: true,
    seen: named ? seenAs(home.label) : 'a piece of furniture',
    suggestedType,
    label: home.label,
    confidence: home.score,
  };
}

/** Classifies the decoded photo's analysis copy (`photo.analysis`, 448 px on the long side is plenty: the detector reads 416 × 416). */
export async function classifyPhoto(image: RgbImage): Promise<Classification> {
  return decide(await classPresence(image), sceneCues(image));
}

/** The typed refusal the API answers 422 with, charging nothing. */
export function notFurnitureError(classification: Classification): StagingError {
  return new StagingError('not-furniture', MESSAGES.notFurniture(classification.seen));
}

export { loadDetector } from './detector.js';
