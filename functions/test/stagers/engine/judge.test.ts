import { beforeAll, describe, expect, it } from 'vitest';
import { decodePhoto, type DecodedPhoto } from '../../../src/stagers/engine/decode.js';
import { judgePhoto } from '../../../src/stagers/engine/judge.js';
import { FIXTURE_SPECS, renderFixture } from '../../fixtures/furnitureFixtures.js';

let photo: DecodedPhoto;
beforeAll(async () => {
  const jpeg = (await renderFixture(FIXTURE_SPECS.find((s) => s.name === 'dresser-plain-grey')!)).jpeg;
  photo = await decodePhoto(new Uint8Array(jpeg));
});

describe('judging a photo the engine has just judged', () => {
  it('reuses the judgement the preview made, telling each phase as done', async () => {
    const previewed = await judgePhoto(photo);
    const phases: string[] = [];
    const staged = await judgePhoto(photo, undefined, (phase) => phases.push(phase));
    expect(staged).toBe(previewed);
    expect(staged.analysis).not.toBeNull();
    expect(phases).toEqual(['classify', 'segment']);
  });

  it('judges again for another mark on the same photo', async () => {
    const whole = await judgePhoto(photo);
    const boxed = await judgePhoto(photo, { subject: { kind: 'box', x: 0.1, y: 0.1, width: 0.8, height: 0.8 } });
    expect(boxed).not.toBe(whole);
  });
});
