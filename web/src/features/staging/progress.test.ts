import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('generation progress', () => {
  it('starts at 0', () => {
    expect(progressPercent(0)).toBe(0);
  });

  it('rises about 3.3 percent a second', () => {
    expect(progressPercent(1000)).toBeCloseTo(3.33, 2);
  });

  it('is full after 30 seconds and never goes past 100', () => {
    expect(progressPercent(30_000)).toBe(100);
    expect(progressPercent(45_000)).toBe(100);
  });
});
