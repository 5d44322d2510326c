import { describe, expect, it } from 'vitest';
import { runPool } from '../../src/stage/pool.js';

const tick = (ms = 1) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runPool', () => {
  it('never runs more than the given number at once, and runs every item', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      seen.push(item);
      running -= 1;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts no new item once told to stop, and lets running ones finish', async () => {
    const finished: number[] = [];
    let stop = false;
    await runPool(
      [1, 2, 3, 4, 5],
      2,
      async (item) => {
        await tick(item === 1 ? 20 : 1);
        if (item === 2) stop = true;
        finished.push(item);
      },
      () => stop,
    );
    expect(finished.sort()).toEqual([1, 2]);
  });
});
