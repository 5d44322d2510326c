import { describe, expect, it } from 'vitest';
import type { PlannedImage } from '../stage/outputs.js';
import { sheetEntries } from './stage.js';

const image = (name: string): PlannedImage => ({
  path: `/photos/${name}.jpg`,
  display: `photos/${name}.jpg`,
  subdir: '',
  kind: 'jpeg',
  output: `${name}.staged.jpg`,
});

describe('sheetEntries', () => {
  const bed = image('bed');
  const chair = image('chair');
  const desk = image('desk');
  const entries = sheetEntries(
    { alreadyStaged: [desk], toStage: [chair, bed] },
    {
      staged: [{ image: chair, editId: 'e1' }],
      failed: [{ image: bed, reason: 'not supported' }],
      outOfCredits: false,
    },
  );

  it('lists every photo of the run in name order', () => {
    expect(entries.map((entry) => entry.file)).toEqual(['photos/bed.jpg', 'photos/chair.jpg', 'photos/desk.jpg']);
  });

  it('shows staged and earlier-staged photos with their output, failed ones with the reason', () => {
    expect(entries.map(({ status, output, reason }) => [status, output, reason])).toEqual([
      ['failed', null, 'not supported'],
      ['staged', 'chair.staged.jpg', undefined],
      ['already staged', 'desk.staged.jpg', undefined],
    ]);
  });
});
