import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StageProgress } from '@flipstage/core';
import type { Store } from '../../src/ports/store.js';
import { progressRecorder, SAVING_NOTICE_MS } from '../../src/services/stageProgress.js';

const attempt = { uid: 'u1', key: 'k1', attemptId: 'a1' };

/** A store whose progress writes wait until the test lets each one finish. */
function slowStore() {
  const written: StageProgress[] = [];
  const pending: Array<() => void> = [];
  const store = {
    recordStageProgress: ({ progress }: { progress: StageProgress }) =>
      new Promise<void>((resolve) => {
        written.push(progress);
        pending.push(resolve);
      }),
  } as unknown as Store;
  const finishOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { store, written, finishOne };
}

describe('recording a staging’s progress', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records each phase of a stager that reports slower than the store writes, counting a slow saving as one more step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, written, finishOne } = slowStore();
    const recorder = progressRecorder(store, attempt, () => {});
    recorder.stager({ phase: 'check', step: 0, steps: 2 });
    await finishOne();
    recorder.stager({ phase: 'cutout', step: 1, steps: 2 });
    await finishOne();
    recorder.saving();
    await vi.advanceTimersByTimeAsync(SAVING_NOTICE_MS);
    await finishOne();
    await recorder.settled();
    expect(written).toEqual([
      { phase: 'check', step: 0, steps: 3 },
      { phase: 'cutout', step: 1, steps: 3 },
      { phase: 'save', step: 2, steps: 3 },
    ]);
  });

  it('reports no saving that ends before it could be seen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, written, finishOne } = slowStore();
    const recorder = progressRecorder(store, attempt, () => {});
    recorder.stager({ phase: 'check', step: 0, steps: 1 });
    await finishOne();
    recorder.saving();
    await vi.advanceTimersByTimeAsync(SAVING_NOTICE_MS - 1);
    await recorder.settled();
    await vi.advanceTimersByTimeAsync(SAVING_NOTICE_MS);
    expect(written).toEqual([{ phase: 'check', step: 0, steps: 2 }]);
  });

  it('writes one at a time and skips the phases that went by during a write, keeping the latest', async () => {
    const { store, written, finishOne } = slowStore();
    const recorder = progressRecorder(store, attempt, () => {});
    recorder.stager({ phase: 'decode', step: 0, steps: 6 });
    recorder.stager({ phase: 'classify', step: 1, steps: 6 });
    recorder.stager({ phase: 'segment', step: 2, steps: 6 });
    expect(written).toEqual([{ phase: 'decode', step: 0, steps: 7 }]);
    await finishOne();
    await finishOne();
    await recorder.settled();
    expect(written).toEqual([
      { phase: 'decode', step: 0, steps: 7 },
      { phase: 'segment', step: 2, steps: 7 },
    ]);
  });

  it('tells of a failed write and goes on with the next', async () => {
    const failures: unknown[] = [];
    const written: StageProgress[] = [];
    const store = {
      recordStageProgress: async ({ progress }: { progress: StageProgress }) => {
        written.push(progress);
        if (progress.phase === 'decode') throw new Error('store down');
      },
    } as unknown as Store;
    const recorder = progressRecorder(store, attempt, (error) => failures.push(error));
    recorder.stager({ phase: 'decode', step: 0, steps: 6 });
    recorder.stager({ phase: 'classify', step: 1, steps: 6 });
    await recorder.settled();
    expect(failures).toHaveLength(1);
    expect(written.map((p) => p.phase)).toEqual(['decode', 'classify']);
  });
});
