import { readFileSync } from 'node:fs';
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

describe('the seller decides, the classifier only suggests', () => {
  let cat: DecodedPhoto;
  beforeAll(async () => {
    const file = new URL('../../fixtures/classifier/other/animal-cat-pexels-10863556.jpg', import.meta.url);
    cat = await decodePhoto(new Uint8Array(readFileSync(file)));
  });

  it('refuses an unmarked photo it reads as a cat', async () => {
    const { classification, analysis } = await judgePhoto(cat);
    expect(classification.homeGood).toBe(false);
    expect(analysis).toBeNull();
  });

  it('cuts out what the seller boxed, whatever the classifier reads there', async () => {
    const { analysis } = await judgePhoto(cat, { subject: { kind: 'box', x: 0.2, y: 0.2, width: 0.6, height: 0.6 } });
    expect(analysis?.subject.method).toBe('marked');
  });

  it('looks for the piece once the seller says it is furniture', async () => {
    const { analysis } = await judgePhoto(cat, { confirmedFurniture: true }).catch(() => ({
      analysis: 'refused as no piece',
    }));
    expect(analysis).not.toBeNull();
  });
});
