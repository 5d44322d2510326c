import { describe, expect, it } from 'vitest';
import { createPromiseCache } from '../../../../src/stagers/engine/plates/promiseCache.js';

function counting(fail = new Set<string>()) {
  const loads: string[] = [];
  const load = async (key: string) => {
    loads.push(key);
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (fail.has(key)) throw new Error(`no ${key}`);
    return { key };
  };
  return { loads, load };
}

describe('a cache of loads', () => {
  it('shares one load between concurrent callers of the same key', async () => {
    const { loads, load } = counting();
    const get = createPromiseCache(2, load);
    const [a, b] = await Promise.all([get('a'), get('a')]);
    expect(a).toBe(b);
    expect(loads).toEqual(['a']);
  });

  it('forgets the least recently used key beyond its capacity', async () => {
    const { loads, load } = counting();
    const get = createPromiseCache(2, load);
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const fail = new Set(['a']);
    const { loads, load } = counting(fail);
    const get = createPromiseCache(2, load);
    await expect(get('a')).rejects.toThrow('no a');
    fail.clear();
    await expect(get('a')).resolves.toEqual({ key: 'a' });
    expect(loads).toEqual(['a', 'a']);
  });
});
