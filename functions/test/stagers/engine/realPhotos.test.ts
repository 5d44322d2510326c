import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { decodePhoto } from '../../../src/stagers/engine/decode.js';
import { createLocalStager } from '../../../src/stagers/engine/localStager.js';
import { subjectMatte } from '../../../src/stagers/engine/matte.js';
import { findSubject } from '../../../src/stagers/engine/subject.js';

/** Real photographs with busy backgrounds (sources and licences in the folder's LICENSES.md). */
const photo = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/photos/${name}`, import.meta.url)));

describe('a motorcycle photographed in a cluttered garage', () => {
  let matte: Uint8Array;
  let width: number;
  const at = (x: number, y: number) => matte[y * width + x]!;

  beforeAll(async () => {
    const decoded = await decodePhoto(photo('motorcycle-garage.jpg'));
    width = decoded.width;
    matte = await subjectMatte(decoded, await findSubject(decoded), decoded.width, decoded.height);
  });

  it('keeps both tyres, the seat, the tank and the headlight', () => {
    const parts = {
      rearTyre: at(200, 388),
      frontTyre: at(600, 443),
      seat: at(220, 185),
      tank: at(420, 200),
      headlight: at(530, 160),
    };
    expect(Object.entries(parts).filter(([, alpha]) => alpha < 128)).toEqual([]);
  });

  it('leaves the shelves, boxes, bench and floor behind', () => {
    const background = {
      shelfBox: at(640, 60),
      boxes: at(650, 230),
      bench: at(60, 150),
      floor: at(100, 465),
      door: at(230, 60),
    };
    expect(Object.entries(background).filter(([, alpha]) => alpha >= 128)).toEqual([]);
  });

  it('cuts out a believable share of the photo: the motorcycle, not the garage', () => {
    // Staging it is the classifier's call (a motorcycle is not furniture); the cut-out is the engine's.
    let inside = 0;
    for (let i = 0; i < matte.length; i++) if (matte[i]! >= 128) inside++;
    const share = inside / matte.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.6);
  });
});

describe('photos with no piece to cut out', () => {
  it.each(['no-subject-grass.jpg', 'no-subject-lake.jpg'])(
    'refuses %s with a message that says what to do, instead of pasting it',
    async (name) => {
      const stage = createLocalStager().stage({
        image: photo(name),
        prompt: '',
        style: 'modern',
        furnitureType: 'dresser',
        mode: 'auto',
        size: 'standard',
        variant: 0,
      });
      // The lake reads as a landscape to the classifier before any mask is made; either refusal says what to do.
      const error = await stage.then(() => null, (e: unknown) => e);
      expect(error).toMatchObject({ name: 'StagingError' });
      const { kind, message } = error as { kind: string; message: string };
      expect([
        { kind: 'no-subject', message: MESSAGES.noFurnitureFound },
        { kind: 'not-furniture', message: MESSAGES.notFurniture('a landscape') },
      ]).toContainEqual({ kind, message });
    },
  );
});
