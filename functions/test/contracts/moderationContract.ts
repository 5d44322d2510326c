/**
 * The moderation part of the Store contract (issue 40), run against every adapter: a report
 * stored once, the listing's status settled by the rules the service hands in (counting distinct
 * established reporters of the listing itself among reports awaiting review) and the listing hidden
 * in the same transaction; a moderator's decision showing or hiding the listing and closing its
 * reports; the review queue; a seller's hidden and removed listings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationStatus } from '@flipstage/core';
import {
  AlreadyReported,
  ItemNotFound,
  type ModerationRules,
  type ReportDoc,
  type Store,
} from '../../src/ports/store.js';
import { MODERATION_RULES } from '../../src/services/moderationRules.js';
import { uniq } from './contractData.js';
import { makeItemDoc } from './storeContract.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString();

function aReport(overrides: Partial<ReportDoc> & Pick<ReportDoc, 'itemId'>): ReportDoc {
  return {
    id: uniq(),
    reporter: `r_${uniq()}`,
    conversationId: null,
    messageId: null,
    reason: 'Looks like a scam',
    counts: true,
    created_at: at(0),
    reviewedAt: null,
    ...overrides,
  };
}

/** Rules that keep the listing pending and note the count of established reporters they were given. */
function countingRules(): ModerationRules & { seen: number[] } {
  const seen: number[] = [];
  return {
    seen,
    afterReport(current, established) {
      seen.push(established);
      return current ?? 'pending';
    },
  };
}

export function describeModerationContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract, moderation: ${name}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(() => store.close());

    const listing = () => store.createItem(makeItemDoc({ owner: `s_${uniq()}` }));
    const report = (itemId: string, overrides: Partial<ReportDoc> = {}, rules = MODERATION_RULES) =>
      store.addReport(aReport({ itemId, ...overrides }), rules);
    const decide = (itemId: string, status: 'restored' | 'removed', minute = 30, reason: string | null = null) =>
      store.decideListing(itemId, { status, reason, by: 'mod', at: at(minute) });

    it('settles the listing’s status by the rules and hides it in the report’s transaction', async () => {
      const item = await listing();
      const statuses: Array<ModerationStatus | null> = [];
      for (const minute of [1, 2, 3]) statuses.push((await report(item.id, { created_at: at(minute) })).status);
      expect(statuses).toEqual(['pending', 'pending', 'hidden']);
      expect((await store.getItem(item.id))?.hidden).toBe(true);
    });

    it('says what the listing’s status was before the report', async () => {
      const item = await listing();
      expect((await report(item.id)).previous).toBeNull();
      expect((await report(item.id)).previous).toBe('pending');
    });

    it('counts distinct established reporters of the listing itself, not of its messages nor reports that do not count', async () => {
      const item = await listing();
      const rules = countingRules();
      await report(item.id, { reporter: 'r1' }, rules);
      await report(item.id, { reporter: 'r2', conversationId: 'c', messageId: 'm' }, rules);
      await report(item.id, { reporter: 'r3', counts: false }, rules);
      await report(item.id, { reporter: 'r1', conversationId: 'c', messageId: 'm2' }, rules);
      await report(item.id, { reporter: 'r4' }, rules);
      expect(rules.seen).toEqual([1, 1, 1, 1, 2]);
    });

    it('refuses a report stored before under the same id', async () => {
      const item = await listing();
      const first = aReport({ itemId: item.id });
      await store.addReport(first, MODERATION_RULES);
      await expect(store.addReport(first, MODERATION_RULES)).rejects.toBeInstanceOf(AlreadyReported);
    });

    it('refuses a report of a listing that does not exist', async () => {
      await expect(report(`i_${uniq()}`)).rejects.toBeInstanceOf(ItemNotFound);
    });

    it('removes a listing: hidden, its reports reviewed, the reason kept for its seller', async () => {
      const item = await listing();
      await report(item.id);
      expect(await decide(item.id, 'removed', 30, 'Stolen photos')).toMatchObject({
        previous: 'pending',
        item: { id: item.id, hidden: true },
      });
      expect((await store.getItem(item.id))?.hidden).toBe(true);
      expect(await store.moderatedListings(item.owner)).toEqual([
        {
          itemId: item.id,
          owner: item.owner,
          status: 'removed',
          reason: 'Stolen photos',
          decidedBy: 'mod',
          updated_at: at(30),
        },
      ]);
      expect((await store.reviewQueue(1000)).map((entry) => entry.item.id)).not.toContain(item.id);
    });

    it('restores a hidden listing, and counts only the reports made after', async () => {
      const item = await listing();
      for (const minute of [1, 2, 3]) await report(item.id, { created_at: at(minute) });
      expect((await decide(item.id, 'restored')).previous).toBe('hidden');
      expect((await store.getItem(item.id))?.hidden).toBe(false);
      expect(await store.moderatedListings(item.owner)).toEqual([]);
      const rules = countingRules();
      await report(item.id, { created_at: at(40) }, rules);
      expect(rules.seen).toEqual([1]);
    });

    it('refuses a decision on a listing that does not exist', async () => {
      await expect(decide(`i_${uniq()}`, 'removed')).rejects.toBeInstanceOf(ItemNotFound);
    });

    it('queues listings awaiting review, most recently reported first, each with its reports oldest first', async () => {
      const [older, newer, decided] = [await listing(), await listing(), await listing()];
      const first = aReport({ itemId: older.id, created_at: at(1) });
      const second = aReport({ itemId: older.id, created_at: at(3), conversationId: 'c', messageId: 'm' });
      await store.addReport(second, MODERATION_RULES);
      await store.addReport(first, MODERATION_RULES);
      await report(newer.id, { created_at: at(5) });
      await report(decided.id, { created_at: at(6) });
      await decide(decided.id, 'restored');
      const queue = (await store.reviewQueue(1000)).filter((entry) =>
        [older.id, newer.id, decided.id].includes(entry.item.id),
      );
      expect(queue.map((entry) => [entry.item.id, entry.moderation.status])).toEqual([
        [newer.id, 'pending'],
        [older.id, 'pending'],
      ]);
      expect(queue[1]!.reports.map((r) => r.id)).toEqual([first.id, second.id]);
      expect(queue[1]!.item).toMatchObject({ title: older.title, owner: older.owner });
    });

    it('takes a deleted listing off the queue, so it never fills a place on the page', async () => {
      const [kept, deleted] = [await listing(), await listing()];
      // Reported after every other test's listing, so these two head the queue.
      await report(kept.id, { created_at: '2030-01-01T00:01:00.000Z' });
      await report(deleted.id, { created_at: '2030-01-01T00:02:00.000Z' });
      await store.deleteItem(deleted.id, deleted.owner);
      expect((await store.reviewQueue(1)).map((entry) => entry.item.id)).toEqual([kept.id]);
    });

    it('lists only the seller’s own hidden and removed listings, most recent first', async () => {
      const owner = `s_${uniq()}`;
      const [hidden, removed, reported] = await Promise.all(
        [1, 2, 3].map(() => store.createItem(makeItemDoc({ owner }))),
      );
      for (const minute of [1, 2, 3]) await report(hidden!.id, { created_at: at(minute) });
      await decide(removed!.id, 'removed', 20, 'Not furniture');
      await report(reported!.id);
      expect((await store.moderatedListings(owner)).map((doc) => [doc.itemId, doc.status])).toEqual([
        [removed!.id, 'removed'],
        [hidden!.id, 'hidden'],
      ]);
    });
  });
}
