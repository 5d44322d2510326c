/**
 * `npm run backfill:moderation` on the Firestore emulator (issue 40): a listing the old rule hid
 * (any three reports, no record of why) comes back into the moderators' queue, hidden until one
 * decides; a reported listing still up is queued as pending; reports from before count toward
 * nothing; a decision already made stands; a second run changes nothing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../../src/adapters/firebase/firestoreStore.js';
import type { Store } from '../../../src/ports/store.js';
import { makeItemDoc } from '../../contracts/storeContract.js';
import { adminApp, clearFirestore } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-backfill-moderation';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const at = '2026-11-01T12:00:00.000Z';

const backfill = () =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/backfill-moderation.ts', '--project', PROJECT_ID],
    {
      cwd: ROOT,
    },
  );

let store: Store;
const db = () => getFirestore(adminApp(PROJECT_ID, ['firestore']));
const oldReport = (itemId: string, reporter: string) =>
  db()
    .collection('reports')
    .doc(`listing_${itemId}_${reporter}`)
    .set({
      id: `listing_${itemId}_${reporter}`,
      reporter,
      itemId,
      conversationId: null,
      messageId: null,
      reason: 'Spam',
      created_at: at,
    });

beforeAll(async () => {
  await clearFirestore(PROJECT_ID);
  store = createFirestoreStore(db());
  await store.createItem(makeItemDoc({ id: 'hidden-by-old-rule', owner: 's1', hidden: true }));
  for (const reporter of ['a', 'b', 'c']) await oldReport('hidden-by-old-rule', reporter);
  await store.createItem(makeItemDoc({ id: 'reported-still-up', owner: 's1' }));
  await oldReport('reported-still-up', 'a');
  await store.createItem(makeItemDoc({ id: 'already-removed', owner: 's2' }));
  await store.decideListing('already-removed', { status: 'removed', reason: 'Not furniture', by: 'mod', at });
});

afterAll(() => store.close());

describe('npm run backfill:moderation', () => {
  it('queues the listings the old rule hid or that were reported, with reports that do not count', async () => {
    expect((await backfill()).stdout).toContain('Queued 2 listings for review; marked 4 older reports');
    const queue = await store.reviewQueue(50);
    expect(queue.map((entry) => [entry.item.id, entry.moderation.status]).sort()).toEqual([
      ['hidden-by-old-rule', 'hidden'],
      ['reported-still-up', 'pending'],
    ]);
    const hidden = queue.find((entry) => entry.item.id === 'hidden-by-old-rule')!;
    expect(hidden.reports.map((report) => [report.reporter, report.counts])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
    ]);
  });

  it('leaves a moderator’s decision as it was', async () => {
    expect(await store.moderatedListings('s2')).toEqual([
      expect.objectContaining({ itemId: 'already-removed', status: 'removed' }),
    ]);
  });

  it('changes nothing when run again', async () => {
    expect((await backfill()).stdout).toContain('Queued 0 listings for review; marked 0 older reports');
  });
});
