import { describe, expect, it } from 'vitest';
import { progressOfStage } from './stagePhases.js';
import { stageProgressSchema } from './stageProgress.js';

describe('a staging’s progress', () => {
  it('is received, nothing done, before the stager reports', () => {
    expect(progressOfStage('pending', null)).toEqual({ phase: 'received', step: 0, steps: 1 });
  });

  it('is what was recorded while pending', () => {
    expect(progressOfStage('pending', { phase: 'matte', step: 3, steps: 7 })).toEqual({
      phase: 'matte',
      step: 3,
      steps: 7,
    });
  });

  it('is done, every step finished, once completed', () => {
    expect(progressOfStage('completed', { phase: 'save', step: 6, steps: 7 })).toEqual({
      phase: 'done',
      step: 7,
      steps: 7,
    });
    expect(progressOfStage('completed', null)).toEqual({ phase: 'done', step: 1, steps: 1 });
  });

  it('is refused by the contract with more steps done than there are, or an unknown phase', () => {
    expect(stageProgressSchema.safeParse({ phase: 'save', step: 8, steps: 7 }).success).toBe(false);
    expect(stageProgressSchema.safeParse({ phase: 'dreaming', step: 1, steps: 7 }).success).toBe(false);
    expect(stageProgressSchema.safeParse({ phase: 'save', step: 6, steps: 7 }).success).toBe(true);
  });
});
