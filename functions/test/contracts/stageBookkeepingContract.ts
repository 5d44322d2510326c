/**
 * The Store contract's stage bookkeeping: an idempotency key debits once, a failed or stale
 * attempt is refunded once, and only the attempt holding its key completes. Called from the Store
 * contract, so it runs against every adapter.
 */
import { describe, expect, it } from 'vitest';
import { InsufficientCredits, type Store } from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { makeEdit, uniq } from './contractData.js';

export function describeStageBookkeeping(store: () => Store, newAccount: (credits?: number) => Promise<string>): void {
  describe('stage bookkeeping', () => {
    const staleBefore = () => Date.now() - 10 * 60_000;

    it('debits one credit when a key starts', async () => {
      const uid = await newAccount(3);
      const begin = await store().beginStage(
        { uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() },
        CREDIT_RULES,
      );
      expect(begin).toMatchObject({ kind: 'started', creditsRemaining: 2 });
      expect((await store().listLedger(uid)).find((e) => e.reason === 'stage')).toMatchObject({
        delta: -1,
        balanceAfter: 2,
      });
    });

    it('returns the first result for a completed key without another debit', async () => {
      const uid = await newAccount(3);
      const attemptId = uniq();
      await store().beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
      const edit = makeEdit(uid);
      const result = await store().completeStage({ uid, key: 'k1', attemptId, edit }, CREDIT_RULES);
      expect(result).toEqual({ editId: edit.id, inputUrl: edit.input_image_url, outputUrl: edit.output_image_url });
      const again = await store().beginStage(
        { uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() },
        CREDIT_RULES,
      );
      expect(again).toEqual({ kind: 'completed', result, creditsRemaining: 2 });
      expect(await store().getStage(uid, 'k1')).toEqual({ status: 'completed', result });
    });

    it('answers in-progress for a pending key', async () => {
      const uid = await newAccount(3);
      await store().beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
      const again = await store().beginStage(
        { uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() },
        CREDIT_RULES,
      );
      expect(again).toEqual({ kind: 'in-progress' });
      expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(2);
      expect(await store().getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
    });

    it('debits once when the same key races', async () => {
      const uid = await newAccount(5);
      const begins = await Promise.all(
        Array.from({ length: 6 }, () =>
          store().beginStage({ uid, key: 'same', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES),
        ),
      );
      expect(begins.filter((b) => b.kind === 'started')).toHaveLength(1);
      expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(4);
    });

    it('refunds a failed attempt and lets the key start over', async () => {
      const uid = await newAccount(3);
      const attemptId = uniq();
      await store().beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
      const refund = await store().failStage({ uid, key: 'k1', attemptId }, CREDIT_RULES);
      expect(refund).toEqual({ creditsRemaining: 3, applied: true });
      expect((await store().listLedger(uid)).find((e) => e.reason === 'refund')).toMatchObject({
        delta: 1,
        ref: `refund:${attemptId}`,
      });
      expect(await store().getStage(uid, 'k1')).toBeNull();
      const retry = await store().beginStage(
        { uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() },
        CREDIT_RULES,
      );
      expect(retry).toMatchObject({ kind: 'started', creditsRemaining: 2 });
    });

    it('lists pending attempts started before a time, with their owner, and not completed ones', async () => {
      const uid = await newAccount(5);
      const pending = uniq();
      const done = uniq();
      await store().beginStage({ uid, key: 'pending', attemptId: pending, staleBefore: staleBefore() }, CREDIT_RULES);
      await store().beginStage({ uid, key: 'done', attemptId: done, staleBefore: staleBefore() }, CREDIT_RULES);
      await store().completeStage({ uid, key: 'done', attemptId: done, edit: makeEdit(uid) }, CREDIT_RULES);
      const stale = (await store().listStaleStages(Date.now() + 1000, 500)).filter((s) => s.uid === uid);
      expect(stale).toEqual([{ uid, key: 'pending', attemptId: pending }]);
      expect((await store().listStaleStages(Date.now() - 60_000, 500)).filter((s) => s.uid === uid)).toEqual([]);
    });

    it('refunds and restarts a stale pending attempt, the refund posted before the new debit', async () => {
      const uid = await newAccount(3);
      await store().beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
      const restarted = await store().beginStage(
        { uid, key: 'k1', attemptId: uniq(), staleBefore: Date.now() + 1000 },
        CREDIT_RULES,
      );
      expect(restarted).toMatchObject({ kind: 'started', creditsRemaining: 2 });
      const newestFirst = (await store().listLedger(uid)).map((e) => [e.reason, e.balanceAfter]);
      expect(newestFirst).toEqual([
        ['stage', 2],
        ['refund', 3],
        ['stage', 2],
        ['signup', 3],
      ]);
      expect(await store().getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
    });

    it('throws InsufficientCredits and records nothing without credits', async () => {
      const uid = await newAccount(0);
      const begin = store().beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
      await expect(begin).rejects.toBeInstanceOf(InsufficientCredits);
      expect(await store().getStage(uid, 'k1')).toBeNull();
    });

    it('refunds a failed attempt once, however often it fails', async () => {
      const uid = await newAccount(3);
      const attemptId = uniq();
      await store().beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
      await store().failStage({ uid, key: 'k1', attemptId }, CREDIT_RULES);
      const again = await store().failStage({ uid, key: 'k1', attemptId }, CREDIT_RULES);
      expect(again).toEqual({ creditsRemaining: 3, applied: false });
      expect((await store().listLedger(uid)).filter((e) => e.reason === 'refund')).toHaveLength(1);
    });

    it('keeps the key of the attempt that took over when the stale one fails late, and pays nothing twice', async () => {
      const uid = await newAccount(3);
      const stale = uniq();
      const current = uniq();
      await store().beginStage({ uid, key: 'k1', attemptId: stale, staleBefore: staleBefore() }, CREDIT_RULES);
      await store().beginStage({ uid, key: 'k1', attemptId: current, staleBefore: Date.now() + 1000 }, CREDIT_RULES);
      const late = await store().failStage({ uid, key: 'k1', attemptId: stale }, CREDIT_RULES);
      expect(late).toEqual({ creditsRemaining: 2, applied: false });
      expect(await store().getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
      const held = (await store().listStaleStages(Date.now() + 1000, 500)).filter((s) => s.uid === uid);
      expect(held).toEqual([{ uid, key: 'k1', attemptId: current }]);
    });

    it('refuses to complete an attempt that no longer holds its key, and records no edit', async () => {
      const uid = await newAccount(3);
      const stale = uniq();
      await store().beginStage({ uid, key: 'k1', attemptId: stale, staleBefore: staleBefore() }, CREDIT_RULES);
      await store().beginStage({ uid, key: 'k1', attemptId: uniq(), staleBefore: Date.now() + 1000 }, CREDIT_RULES);
      const late = store().completeStage({ uid, key: 'k1', attemptId: stale, edit: makeEdit(uid) }, CREDIT_RULES);
      await expect(late).rejects.toThrow();
      expect((await store().listImageEdits(uid, null, 10)).data).toEqual([]);
      expect(await store().getStage(uid, 'k1')).toEqual({ status: 'pending', result: null });
    });

    it('completes an attempt once when two completions of it race, recording one edit', async () => {
      const uid = await newAccount(3);
      const attemptId = uniq();
      await store().beginStage({ uid, key: 'k1', attemptId, staleBefore: staleBefore() }, CREDIT_RULES);
      const edits = [makeEdit(uid), makeEdit(uid)];
      const outcomes = await Promise.allSettled(
        edits.map((edit) => store().completeStage({ uid, key: 'k1', attemptId, edit }, CREDIT_RULES)),
      );
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const recorded = (await store().listImageEdits(uid, null, 10)).data;
      expect(recorded).toHaveLength(1);
      expect(await store().getStage(uid, 'k1')).toMatchObject({
        status: 'completed',
        result: { editId: recorded[0]!.id },
      });
    });

    it('scopes keys to the account', async () => {
      const a = await newAccount(1);
      const b = await newAccount(1);
      await store().beginStage({ uid: a, key: 'shared', attemptId: uniq(), staleBefore: staleBefore() }, CREDIT_RULES);
      const other = await store().beginStage(
        { uid: b, key: 'shared', attemptId: uniq(), staleBefore: staleBefore() },
        CREDIT_RULES,
      );
      expect(other.kind).toBe('started');
    });
  });
}
