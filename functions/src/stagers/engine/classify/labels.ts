import type { FurnitureTypeId } from '@flipstage/core';

/** What a COCO class says about a seller's photo. */
export type LabelCategory = 'home' | 'animal' | 'person' | 'vehicle' | 'food' | 'other';

/** The 80 COCO classes, in the detector's output order. */
export const COCO_LABELS = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'traffic light',
  'fire hydrant',
  'stop sign',
  'parking meter',
  'bench',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
  'suitcase',
  'frisbee',
  'skis',
  'snowboard',
  'sports ball',
  'kite',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'chair',
  'couch',
  'potted plant',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'refrigerator',
  'book',
  'clock',
  'vase',
  'scissors',
  'teddy bear',
  'hair drier',
  'toothbrush',
] as const;

export type CocoLabel = (typeof COCO_LABELS)[number];

/**
 * Furniture and decor COCO can name. A bench counts: the detector reads many sofas and low tables
 * as one. Lamps, mirrors, rugs, dressers, bookcases and art have no COCO class, so they never
 * count against a photo: refusal needs evidence of something else.
 */
const HOME: readonly CocoLabel[] = ['chair', 'couch', 'potted plant', 'bed', 'dining table', 'bench', 'vase', 'clock'];

/** The subjects a seller might photograph instead of a piece, which the engine refuses. */
const REFUSED: Record<Exclude<LabelCategory, 'home' | 'other'>, readonly CocoLabel[]> = {
  animal: ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe'],
  person: ['person'],
  vehicle: ['bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat'],
  food: ['banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake'],
};

export function categoryOf(label: CocoLabel): LabelCategory {
  if (HOME.includes(label)) return 'home';
  for (const [category, labels] of Object.entries(REFUSED))
    if (labels.includes(label)) return category as LabelCategory;
  return 'other';
}

/** The furniture type a home label suggests; decor (a plant, a vase, a clock) suggests none. */
const SUGGESTED: Partial<Record<CocoLabel, FurnitureTypeId>> = {
  chair: 'chair',
  couch: 'sofa',
  bed: 'bed',
  'dining table': 'table',
};

export function suggestedTypeOf(label: CocoLabel): FurnitureTypeId | null {
  return SUGGESTED[label] ?? null;
}

/** Labels as a sentence says them: "a cat", "an orange", "a person". */
const SPOKEN: Partial<Record<CocoLabel, string>> = {
  couch: 'sofa',
  'dining table': 'table',
  'potted plant': 'plant',
  'hot dog': 'hot dog',
  tv: 'television',
};

export function seenAs(label: CocoLabel): string {
  const word = SPOKEN[label] ?? label;
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
