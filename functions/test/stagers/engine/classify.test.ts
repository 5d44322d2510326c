import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { StagingError } from '../../../src/ports/stager.js';
import { decodePhoto } from '../../../src/stagers/engine/decode.js';
import {
  classifyPhoto,
  decide,
  loadDetector,
  notFurnitureError,
  THRESHOLDS,
} from '../../../src/stagers/engine/classify/index.js';
import { COCO_LABELS, type CocoLabel } from '../../../src/stagers/engine/classify/labels.js';

/** Real photos from the classifier's labelled set (sources and licences in its LICENSES.md). */
async function classify(path: string) {
  const bytes = new Uint8Array(readFileSync(new URL(`../../fixtures/classifier/${path}`, import.meta.url)));
  return classifyPhoto((await decodePhoto(bytes)).analysis);
}

/** Detector output with the given classes present and every other class absent. */
function presence(scores: Partial<Record<CocoLabel, number>>): Float32Array {
  return Float32Array.from(COCO_LABELS, (label) => scores[label] ?? 0.05);
}

const plainScene = { skyTop: 0, white: 0.1, edges: 10 };

describe('classifying real photos', () => {
  beforeAll(() => loadDetector(), 30_000);

  it('accepts a wooden armchair and suggests the chair type', async () => {
    const result = await classify('home/chair-rf100-val_000072.jpg');
    expect(result).toMatchObject({ homeGood: true, suggestedType: 'chair', seen: 'a chair' });
  });

  it('accepts a sofa and suggests the sofa type', async () => {
    const result = await classify('home/sofa-rf100-train_000264.jpg');
    expect(result).toMatchObject({ homeGood: true, suggestedType: 'sofa' });
  });

  it('refuses a photo of a cat, naming it', async () => {
    const result = await classify('other/animal-cat-pexels-15208769.jpg');
    expect(result).toMatchObject({ homeGood: false, seen: 'a cat', label: 'cat', suggestedType: null });
    expect(result.confidence).toBeGreaterThan(THRESHOLDS.refuseAt);
  });
});

describe('the verdict', () => {
  it('accepts a photo where a dog is clear but a sofa is also likely: refusing a real piece costs more', () => {
    const result = decide(presence({ dog: 0.8, couch: 0.5 }), plainScene);
    expect(result).toMatchObject({ homeGood: true, seen: 'a sofa', suggestedType: 'sofa' });
  });

  it('accepts a photo the detector names nothing in, such as a lamp or a rug COCO has no class for', () => {
    expect(decide(presence({}), plainScene)).toMatchObject({
      homeGood: true,
      seen: 'a piece of furniture',
      suggestedType: null,
    });
  });

  it('refuses sky over the top of a frame with no furniture in it as a landscape', () => {
    expect(decide(presence({}), { ...plainScene, skyTop: 0.9 })).toMatchObject({
      homeGood: false,
      seen: 'a landscape',
    });
  });
});

describe('the refusal', () => {
  it('is a not-furniture staging error whose message names what was seen', () => {
    const error = notFurnitureError(decide(presence({ horse: 0.7 }), plainScene));
    expect(error).toBeInstanceOf(StagingError);
    expect(error.kind).toBe('not-furniture');
    expect(error.message).toBe(MESSAGES.notFurniture('a horse'));
  });
});
