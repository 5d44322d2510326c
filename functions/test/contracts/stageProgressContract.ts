/**
 * The stage progress part of the Store contract (issue 24), run against every adapter: what the
 * staging service records as its phases start, and what GET /api/stage/progress reads back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { makeEdit, uniq } from './contractData.js';

const staleBefore = () => Date.now() - 10 * 60_000;


export function describeStageProgressContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract, stage progress: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(() => store.close());

    async function begun(): Promise<{ uid: string; key: string; attemptId: string }> {
      const uid = `u_${uniq()}`;
      await store.ensureAccount(uid, { name: 'Seller', email: `${uid}@example.com`, avatar: null }, 3, CREDIT_RULES);
      const key = uniq();
      const attemptId = uniq();
      await store.beginStage({ uid, key, attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
      return { uid, key, attemptId };
    }

    it('says a staging was received before its stager reports', async () => {
      const { uid, key } = await begun();
      expect(await store.getStageProgress(uid, key)).toEqual({ phase: 'received', step: 0, steps: 1 });
    });

    it('reads back the phase last recorded for the attempt', async () => {
      const attempt = await begun();
      await store.recordStageProgress({ ...attempt, progress: { phase: 'classify', step: 1, steps: 7 } });
      await store.recordStageProgress({ ...attempt, progress: { phase: 'segment', step: 2, steps: 7 } });
      expect(await store.getStageProgress(attempt.uid, attempt.key)).toEqual({ phase: 'segment', step: 2, steps: 7 });
    });

    it('says done, with every step finished, once the attempt completed', async () => {
      const attempt = await begun();
      await store.recordStageProgress({ ...attempt, progress: { phase: 'save', step: 6, steps: 7 } });
      await store.completeStage({ ...attempt, edit: makeEdit(attempt.uid) }, CREDIT_RULES);
      expect(await store.getStageProgress(attempt.uid, attempt.key)).toEqual({ phase: 'done', step: 7, steps: 7 });
    });

    it('ignores a report that arrives after the attempt completed', async () => {
      const attempt = await begun();
      await store.completeStage({ ...attempt, edit: makeEdit(attempt.uid) }, CREDIT_RULES);
      await store.recordStageProgress({ ...attempt, progress: { phase: 'encode', step: 5, steps: 7 } });
      expect(await store.getStageProgress(attempt.uid, attempt.key)).toMatchObject({ phase: 'done' });
    });

    it('ignores a report from an attempt that no longer holds the key', async () => {
      const attempt = await begun();
      await store.beginStage(
        { uid: attempt.uid, key: attempt.key, attemptId: uniq(), staleBefore: Date.now() + 1000 },
        CREDIT_RULES,
      );
      await store.recordStageProgress({ ...attempt, progress: { phase: 'matte', step: 3, steps: 7 } });
      expect(await store.getStageProgress(attempt.uid, attempt.key)).toEqual({ phase: 'received', step: 0, steps: 1 });
    });

    it('knows nothing of a failed attempt, nor of another account’s key', async () => {
      const attempt = await begun();
      const other = await begun();
      await store.failStage(attempt, CREDIT_RULES);
      await store.recordStageProgress({ ...attempt, progress: { phase: 'decode', step: 0, steps: 7 } });
      expect(await store.getStageProgress(attempt.uid, attempt.key)).toBeNull();
      expect(await store.getStageProgress(attempt.uid, other.key)).toBeNull();
    });
  });
}
