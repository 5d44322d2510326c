/**
 * services/keptMap.ts: the bounded map the marketplace's kept reads share (the service and the
 * local host's door), dropping the least recently asked key past its bound.
 */
import { describe, expect, it } from 'vitest';
import { keptMap } from '../../src/services/keptMap.js';

describe('a kept map', () => {
  it('keeps no more than its bound, dropping the oldest key', () => {
    const kept = keptMap<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('drops the least recently asked key, not the least recently set', () => {
    const kept = keptMap<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.get('a');
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([1, undefined, 3]);
  });

  it('counts setting a kept key again as asking it', () => {
    const kept = keptMap<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('a', 10);
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([10, undefined, 3]);
  });

  it('forgets a deleted key', () => {
    const kept = keptMap<number>(2);
    kept.set('a', 1);
    kept.delete('a');
    expect(kept.get('a')).toBeUndefined();
  });

  it('keeps a key holding another value than the one given to delete', () => {
    const kept = keptMap<{ n: number }>(2);
    const older = { n: 1 };
    kept.set('a', older);
    kept.set('a', { n: 2 });
    kept.delete('a', older);
    expect(kept.get('a')).toEqual({ n: 2 });
  });
});
