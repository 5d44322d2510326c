import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileBlobs } from '../../src/adapters/local/fileBlobs.js';
import type { Blobs } from '../../src/ports/blobs.js';
import { attemptFiles } from '../../src/services/stagingFiles.js';
import { silentLogger } from '../../src/logs.js';
import type { Store } from '../../src/ports/store.js';
import { openTestDatabase } from '../helpers/testDatabase.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import type { PGlite } from '@electric-sql/pglite';
import { refundAbandonedStages } from '../../src/services/abandonedStages.js';
import { STALE_STAGE_AFTER_MS } from '../../src/services/stagingTimes.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';

let db: PGlite;
let store: Store;
let blobs: Blobs;
const blobDir = mkdtempSync(join(tmpdir(), 'flipstage-sweep-'));
beforeAll(async () => {
  db = await openTestDatabase();
  store = createPgliteStore(db);
  blobs = createFileBlobs({ rootDir: blobDir, baseUrl: 'http://127.0.0.1:5050', signingKey: 'sweep-test-key' });
});
afterAll(async () => {
  await db.close();
  rmSync(blobDir, { recursive: true, force: true });
});
const sweep = (now: number) => refundAbandonedStages({ store, blobs, logger: silentLogger }, now);

/** What a request that died mid-staging leaves: its input stored, its result perhaps too. */
async function storeAttemptFiles(uid: string, attemptId: string): Promise<string[]> {
  const [input, , , staged] = attemptFiles(uid, attemptId);
  await blobs.put(input!, new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg');
  await blobs.put(staged!, new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg');
  return [input!, staged!];
}
const stored = async (paths: string[]) =>
  (await Promise.all(paths.map((path) => blobs.get(path)))).filter(Boolean).length;

async function accountWithPendingStage(): Promise<{ uid: string; attemptId: string }> {
  const uid = `u-${randomUUID()}`;
  await store.ensureAccount(uid, { name: 'Seller', email: `${uid}@example.com`, avatar: null }, 10, CREDIT_RULES);
  const attemptId = randomUUID();
  await store.beginStage({ uid, key: `k-${attemptId}`, attemptId, staleBefore: 0 }, CREDIT_RULES);
  return { uid, attemptId };
}

const balance = async (uid: string) => (await store.getAccount(uid))?.customer.creditsRemaining;

describe('refunding abandoned stagings', () => {
  it('refunds an attempt older than the longest a staging can take, without a retry of its key', async () => {
    const { uid } = await accountWithPendingStage();
    expect(await balance(uid)).toBe(9);
    await sweep(Date.now() + STALE_STAGE_AFTER_MS + 1000);
    expect(await balance(uid)).toBe(10);
  });

  it('leaves an attempt that may still be running alone', async () => {
    const { uid } = await accountWithPendingStage();
    await sweep(Date.now() + STALE_STAGE_AFTER_MS / 2);
    expect(await balance(uid)).toBe(9);
  });

  it('refunds once however many sweeps run at the same time', async () => {
    const { uid } = await accountWithPendingStage();
    const later = Date.now() + STALE_STAGE_AFTER_MS + 1000;
    await Promise.all([1, 2, 3].map(() => sweep(later)));
    expect(await balance(uid)).toBe(10);
    expect((await store.listLedger(uid)).filter((e) => e.reason === 'refund')).toHaveLength(1);
  });

  it('removes the files of the attempt it refunds', async () => {
    const { uid, attemptId } = await accountWithPendingStage();
    const files = await storeAttemptFiles(uid, attemptId);
    await sweep(Date.now() + STALE_STAGE_AFTER_MS + 1000);
    expect(await stored(files)).toBe(0);
  });

  it('keeps the files of an attempt that may still be running', async () => {
    const { uid, attemptId } = await accountWithPendingStage();
    const files = await storeAttemptFiles(uid, attemptId);
    await sweep(Date.now() + STALE_STAGE_AFTER_MS / 2);
    expect(await stored(files)).toBe(2);
  });
});
