import { describe, expect, it } from 'vitest';
import { creditCount, leftForLaterMessage, shortfallMessage, withinBudget } from '../../src/stage/budget.js';

describe('creditCount', () => {
  it('says "credit" for one and "credits" otherwise', () => {
    expect(creditCount(1)).toBe('1 credit');
    expect(creditCount(0)).toBe('0 credits');
    expect(creditCount(12)).toBe('12 credits');
  });
});

describe('withinBudget', () => {
  it('takes everything without a budget', () => {
    expect(withinBudget(['a', 'b'], undefined)).toEqual({ now: ['a', 'b'], later: [] });
  });

  it('takes the first N and leaves the rest for later', () => {
    expect(withinBudget(['a', 'b', 'c'], 2)).toEqual({ now: ['a', 'b'], later: ['c'] });
  });

  it('takes nothing with a budget of 0', () => {
    expect(withinBudget(['a'], 0)).toEqual({ now: [], later: ['a'] });
  });
});

describe('shortfallMessage', () => {
  it('uses correct plurals', () => {
    expect(shortfallMessage(1, 0, 'http://site/pricing')).toBe(
      'You need 1 credit to stage this photo. You currently have 0 credits. Buy more credits at http://site/pricing',
    );
  });

  it('suggests staging what the balance allows with --max-credits', () => {
    expect(shortfallMessage(12, 10, 'http://site/pricing')).toBe(
      'You need 12 credits to stage these 12 photos. You currently have 10 credits. Add --max-credits 10 to stage 10 now and the rest later, or buy more credits at http://site/pricing',
    );
  });
});

describe('leftForLaterMessage', () => {
  it('says how many photos wait and where to buy credits', () => {
    expect(leftForLaterMessage(2, 'http://site/pricing')).toBe(
      '2 photos are left for a later run (run the same command again). More credits: http://site/pricing',
    );
    expect(leftForLaterMessage(1, 'http://site/pricing')).toMatch(/^1 photo is left/);
  });
});
