import { describe, expect, it } from 'vitest';
import { DEFAULT_FURNITURE_TYPE, DEFAULT_STYLE, type StageProgress } from '@flipstage/core';
import { batchPercent, failedLabel, phaseFraction, runningLabel, viewBatch, type BatchView } from './progress';
import { newStudioImage, type StudioImage } from './studioState';

const choice = { style: DEFAULT_STYLE, furnitureType: DEFAULT_FURNITURE_TYPE, editedPrompt: null };

function photo(id: string, patch: Partial<StudioImage> = {}): StudioImage {
  return { ...newStudioImage(id, new File([], `${id}.jpg`), `blob:${id}`, choice), ...patch };
}

const sent = (key: string): Partial<StudioImage> => ({
  status: 'processing',
  attempt: {
    idempotencyKey: key,
    variant: 0,
    request: { prompt: 'p', style: DEFAULT_STYLE, furnitureType: DEFAULT_FURNITURE_TYPE, mode: 'auto' },
  },
});
const staged: Partial<StudioImage> = { status: 'processed', outputUrl: 'out', variations: ['out'] };
const failedWith: Partial<StudioImage> = { status: 'error', failure: { message: 'Not furniture.', retryable: false } };
const segment: StageProgress = { phase: 'segment', step: 2, steps: 7 };

describe('the batch the bar shows', () => {
  it('counts the photos staged since it started, the failed ones by number, and the one being sent', () => {
    const images = [
      photo('a', staged),
      photo('b', failedWith),
      photo('c', sent('key-c')),
      photo('d', { status: 'processing' }),
    ];
    expect(viewBatch(images, new Set(['a', 'b', 'c', 'd']))).toEqual({
      total: 4,
      succeeded: 1,
      failed: [2],
      current: { position: 3, idempotencyKey: 'key-c' },
    });
  });

  it('leaves out photos outside the batch and photos removed from the strip', () => {
    const images = [photo('a', staged), photo('c', sent('key-c'))];
    expect(viewBatch(images, new Set(['b', 'c']))).toMatchObject({ total: 1, succeeded: 0, current: { position: 1 } });
  });

  it('has no current photo while the one processing waits to be sent', () => {
    expect(viewBatch([photo('a', { status: 'processing' })], new Set(['a'])).current).toBeNull();
  });
});

describe('the bar’s percent', () => {
  const view = (patch: Partial<BatchView>): BatchView => ({
    total: 2,
    succeeded: 0,
    failed: [],
    current: null,
    ...patch,
  });

  it('is the share of steps the server reports finished', () => {
    expect(phaseFraction(segment)).toBeCloseTo(2 / 7);
    expect(phaseFraction(null)).toBe(0);
  });

  it('adds the current photo’s share to the photos already staged', () => {
    const current = { position: 2, idempotencyKey: 'k' };
    expect(batchPercent(view({ succeeded: 1, current }), segment, true)).toBeCloseTo(50 + 50 * (2 / 7));
  });

  it('stays short of 100 while anything still runs, even when the server says done', () => {
    const current = { position: 2, idempotencyKey: 'k' };
    expect(batchPercent(view({ succeeded: 1, current }), { phase: 'done', step: 7, steps: 7 }, true)).toBe(99);
  });

  it('is 100 once every photo of the batch was staged', () => {
    expect(batchPercent(view({ succeeded: 2 }), null, false)).toBe(100);
  });

  it('never reaches 100 when a photo failed: failed photos add nothing', () => {
    expect(batchPercent(view({ succeeded: 1, failed: [2] }), null, false)).toBe(50);
    expect(batchPercent(view({ total: 1, failed: [1] }), null, false)).toBe(0);
  });
});

describe('what the bar says', () => {
  const current = { position: 2, idempotencyKey: 'k' };

  it('names the photo being staged and the phase the server is in', () => {
    expect(runningLabel({ total: 3, succeeded: 1, failed: [], current }, segment)).toBe(
      'Staging image 2 of 3: Finding the piece',
    );
  });

  it('says the photo is being sent before the server has it', () => {
    expect(runningLabel({ total: 3, succeeded: 1, failed: [], current }, null)).toBe(
      'Staging image 2 of 3: Sending the photo',
    );
  });

  it('says which photo failed, where to read why, and how many were staged', () => {
    expect(failedLabel({ total: 2, succeeded: 1, failed: [2], current: null })).toBe(
      'Image 2 was not staged: its card says why. 1 of 2 staged.',
    );
    expect(failedLabel({ total: 3, succeeded: 1, failed: [1, 3], current: null })).toBe(
      'Images 1, 3 were not staged: each card says why. 1 of 3 staged.',
    );
  });
});
