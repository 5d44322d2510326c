import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SPECS, renderFixtures, type FurnitureFixture } from '../../test/fixtures/furnitureFixtures.js';
import { decodePhoto } from './decode.js';
import { matteFromMask } from './matte.js';
import { segmentPhoto, segmentSubject } from './segment.js';

/** Intersection over union of the engine's matte (thresholded at half) and the fixture's true mask. */
async function iou(fixture: FurnitureFixture): Promise<number> {
  const subject = segmentPhoto(await decodePhoto(fixture.jpeg));
  const matte = await matteFromMask(subject, fixture.width, fixture.height);
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

describe('segmentation', () => {
  const scores = new Map<string, number>();

  beforeAll(async () => {
    for (const fixture of await renderFixtures()) scores.set(fixture.spec.name, await iou(fixture));
    console.table([...scores].map(([fixture, score]) => ({ fixture, iou: score.toFixed(3) })));
  }, 120_000);

  it('is measured on at least 24 fixtures covering every kind of backdrop', () => {
    expect(scores.size).toBeGreaterThanOrEqual(24);
    expect(new Set(FIXTURE_SPECS.map((s) => s.backdrop)).size).toBe(8);
  });

  it('reaches a median IoU of at least 0.92 against the known masks', () => {
    const sorted = [...scores.values()].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(0.92);
  });

  it('reaches an IoU of at least 0.85 on every fixture', () => {
    const failing = [...scores].filter(([, score]) => score < 0.85);
    expect(failing).toEqual([]);
  });

  it('finds a flat-colour square on a plain backdrop exactly', () => {
    const width = 64;
    const height = 48;
    const rgb = new Uint8Array(width * height * 3).fill(230);
    for (let y = 12; y < 36; y++) for (let x = 20; x < 44; x++) rgb.set([40, 60, 120], (y * width + x) * 3);
    const mask = segmentSubject(rgb, width, height);
    let wrong = 0;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x] !== (y >= 12 && y < 36 && x >= 20 && x < 44 ? 1 : 0)) wrong++;
    expect(wrong).toBe(0);
  });
});
