import { beforeAll, describe, expect, it } from 'vitest';
import { buildAutoPrompt, type StageProgress } from '@flipstage/core';
import { FIXTURE_SPECS, renderFixture } from '../../fixtures/furnitureFixtures.js';
import { createLocalStager } from '../../../src/stagers/engine/localStager.js';

let dresser: Uint8Array;
beforeAll(async () => {
  dresser = (await renderFixture(FIXTURE_SPECS.find((s) => s.name === 'dresser-plain-grey')!)).jpeg;
});

describe('the engine’s staging progress', () => {
  it('reports each of its six phases as it starts, in order, with the steps finished before it', async () => {
    const reported: StageProgress[] = [];
    await createLocalStager().stage({
      image: dresser,
      prompt: buildAutoPrompt('modern', 'dresser'),
      style: 'modern',
      furnitureType: 'dresser',
      mode: 'auto',
      size: 'standard',
      variant: 0,
      onProgress: (progress) => reported.push(progress),
    });
    expect(reported).toEqual(
      ['decode', 'classify', 'segment', 'matte', 'composite', 'encode'].map((phase, step) => ({
        phase,
        step,
        steps: 6,
      })),
    );
  });
});
