/**
 * The Store contract's image edits: the owner's pages, and a piece's linked stagings fetched by
 * id. Called from the Store contract, so it runs against every adapter.
 */
import { describe, expect, it } from 'vitest';
import type { ImageEdit } from '@flipstage/core';
import type { Store } from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { makeEdit, uniq } from './contractData.js';

export function describeImageEdits(store: () => Store, newAccount: () => Promise<string>): void {
  /** An edit recorded the way a staging records it. */
  async function recordEdit(uid: string, createdAt?: string): Promise<ImageEdit> {
    const key = uniq();
    const attemptId = uniq();
    const edit = makeEdit(uid, createdAt);
    await store().beginStage({ uid, key, attemptId, staleBefore: 0 }, CREDIT_RULES);
    await store().completeStage({ uid, key, attemptId, edit }, CREDIT_RULES);
    return edit;
  }

  describe('image edits', () => {
    it('lists only the owner’s edits, newest first, in pages', async () => {
      const uid = await newAccount();
      const other = await newAccount();
      const base = Date.parse('2026-01-01T00:00:00Z');
      for (let i = 0; i < 5; i++) await recordEdit(uid, new Date(base + i * 1000).toISOString());
      await recordEdit(other);

      const first = await store().listImageEdits(uid, null, 3);
      expect(first.data.map((e) => e.created_at)).toEqual(
        [4, 3, 2].map((i) => new Date(base + i * 1000).toISOString()),
      );
      expect(first.next).not.toBeNull();
      const second = await store().listImageEdits(uid, first.next, 3);
      expect(second.data).toHaveLength(2);
      expect(second.next).toBeNull();
      expect([...first.data, ...second.data].every((e) => e.user_id === uid)).toBe(true);
    });

    it('gets the owner’s edits by id in the order asked, not by age', async () => {
      const uid = await newAccount();
      const [a, b, c] = [await recordEdit(uid), await recordEdit(uid), await recordEdit(uid)];
      expect(await store().getImageEdits(uid, [c!.id, a!.id, b!.id])).toEqual([c, a, b]);
    });

    it('leaves another user’s edit out of a get by id', async () => {
      const uid = await newAccount();
      const other = await newAccount();
      const own = await recordEdit(uid);
      const theirs = await recordEdit(other);
      expect(await store().getImageEdits(uid, [theirs.id, own.id])).toEqual([own]);
    });

    it('leaves an unknown id out of a get by id', async () => {
      const uid = await newAccount();
      const own = await recordEdit(uid);
      expect(await store().getImageEdits(uid, [uniq(), own.id])).toEqual([own]);
      expect(await store().getImageEdits(uid, [])).toEqual([]);
    });
  });
}
