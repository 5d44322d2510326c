import { describe, expect, it } from 'vitest';
import type { PlannedImage } from '../../src/stage/outputs.js';
import { sheetEntries } from '../../src/stage/summary.js';

const image = (name: string, furnitureType: PlannedImage['choice']['furnitureType'] = 'dresser'): PlannedImage => ({
  path: `/photos/${name}.jpg`,
  display: `photos/${name}.jpg`,
  subdir: '',
  kind: 'jpeg',
  output: `${name}.staged.jpg`,
  choice: { style: 'modern', furnitureType, mode: 'auto', prompt: 'a room', hd: false },
});

describe('sheetEntries', () => {
  const bed = image('bed');
  const chair = image('chair', 'chair');
  const desk = image('desk');
  const sofa = image('sofa');
  const entries = sheetEntries(
    { alreadyStaged: [desk], toStage: [chair, bed, sofa] },
    {
      staged: [{ image: chair, editId: 'e1', creditsRemaining: 9 }],
      failed: [{ image: bed, reason: 'not supported' }],
      notStarted: [sofa],
    },
  );

  it('lists every photo of the run in name order', () => {
    expect(entries.map((entry) => entry.file)).toEqual([
      'photos/bed.jpg',
      'photos/chair.jpg',
      'photos/desk.jpg',
      'photos/sofa.jpg',
    ]);
  });

  it('shows staged and earlier-staged photos with their output, failed ones with the reason', () => {
    expect(entries.map(({ status, output, reason }) => [status, output, reason])).toEqual([
      ['failed', null, 'not supported'],
      ['staged', 'chair.staged.jpg', undefined],
      ['already staged', 'desk.staged.jpg', undefined],
      ['not started', null, undefined],
    ]);
  });

  it('captions each photo with its path inside its folder', () => {
    expect(entries.map((entry) => entry.caption)).toEqual(['bed.jpg', 'chair.jpg', 'desk.jpg', 'sofa.jpg']);
  });

  it('keeps the options only for the photos this run sent', () => {
    expect(entries.map((entry) => entry.options !== undefined)).toEqual([true, true, false, false]);
  });

  it("keeps each photo's own options, as its manifest entry or folder gave them", () => {
    expect(entries.map((entry) => entry.options?.furnitureType)).toEqual(['dresser', 'chair', undefined, undefined]);
  });
});
