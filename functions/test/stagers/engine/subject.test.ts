import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SPECS, renderFixtures, type FurnitureFixture } from '../../fixtures/furnitureFixtures.js';
import { decodePhoto } from '../../../src/stagers/engine/decode.js';
import { subjectMatte } from '../../../src/stagers/engine/matte.js';
import { findSubject } from '../../../src/stagers/engine/subject.js';

/** Intersection over union of the refined matte (thresholded at half) and the fixture's true mask. */
async function iou(fixture: FurnitureFixture): Promise<number> {
  const photo = await decodePhoto(fixture.jpeg);
  const matte = await subjectMatte(photo, await findSubject(photo), fixture.width, fixture.height);
  let intersection = 0;
  let union = 0;
  for (let p = 0; p < fixture.mask.length; p++) {
    const predicted = matte[p]! >= 128;
    const truth = fixture.mask[p] === 1;
    if (predicted && truth) intersection++;
    if (predicted || truth) union++;
  }
  return intersection / union;
}

describe('finding the piece in drawn fixtures', () => {
  const scores = new Map<string, number>();

  beforeAll(async () => {
    for (const fixture of await renderFixtures()) scores.set(fixture.spec.name, await iou(fixture));
    console.table([...scores].map(([fixture, score]) => ({ fixture, iou: score.toFixed(3) })));
  }, 900_000);

  it('is measured on at least 24 fixtures covering every kind of backdrop', () => {
    expect(scores.size).toBeGreaterThanOrEqual(24);
    expect(new Set(FIXTURE_SPECS.map((s) => s.backdrop)).size).toBe(9);
  });

  it('reaches a median IoU of at least 0.95 against the known masks', () => {
    const sorted = [...scores.values()].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(0.95);
  });

  it('reaches an IoU of at least 0.85 on every fixture', () => {
    const failing = [...scores].filter(([, score]) => score < 0.85);
    expect(failing).toEqual([]);
  });
});
