import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, MAX_INPUT_PIXELS, PREPARED_LONG_SIDE } from '@flipstage/core';
import { preparedDimensions, preparedName, withinLimits } from './sizing';

const MB = 1024 * 1024;

describe('withinLimits', () => {
  it('sends a 12 MP phone photo of 4 MB as it is', () => {
    expect(withinLimits({ width: 4032, height: 3024, bytes: 4 * MB })).toBe(true);
  });

  it('shrinks a 48 MP phone photo', () => {
    expect(withinLimits({ width: 8064, height: 6048, bytes: 8 * MB })).toBe(false);
  });

  it('shrinks a photo whose long side is over 4,096 px even when it is portrait and small in bytes', () => {
    expect(withinLimits({ width: 3000, height: 4097, bytes: 2 * MB })).toBe(false);
  });

  it('shrinks a photo over the byte limit even when its size is small', () => {
    expect(withinLimits({ width: 2000, height: 1500, bytes: MAX_INPUT_BYTES + 1 })).toBe(false);
  });

  it('sends a photo exactly at the limits as it is', () => {
    expect(withinLimits({ width: PREPARED_LONG_SIDE, height: PREPARED_LONG_SIDE, bytes: MAX_INPUT_BYTES })).toBe(true);
  });

  it('never lets through a photo the server refuses for its pixels', () => {
    expect(PREPARED_LONG_SIDE ** 2).toBeLessThanOrEqual(MAX_INPUT_PIXELS);
  });
});

describe('preparedDimensions', () => {
  it('brings a 48 MP landscape photo to a long side of 4,096 px, aspect kept', () => {
    expect(preparedDimensions({ width: 8000, height: 6000 })).toEqual({ width: 4096, height: 3072 });
  });

  it('brings a portrait photo’s height to 4,096 px', () => {
    expect(preparedDimensions({ width: 6000, height: 8000 })).toEqual({ width: 3072, height: 4096 });
  });

  it('keeps a photo over the byte limit only at its own size', () => {
    expect(preparedDimensions({ width: 3000, height: 2000 })).toEqual({ width: 3000, height: 2000 });
  });

  it('keeps at least one pixel across a very thin panorama', () => {
    expect(preparedDimensions({ width: 100_000, height: 10 })).toEqual({ width: 4096, height: 1 });
  });
});

describe('preparedName', () => {
  it('sends a shrunk photo under its own name as a JPEG', () => {
    expect(preparedName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(preparedName('room.large.png')).toBe('room.large.jpg');
  });

  it('names a photo without a name', () => {
    expect(preparedName('')).toBe('photo.jpg');
  });
});
