import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
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
beforeAll(async () => {
  db = await openTestDatabase();
  store = createPgliteStore(db);
});
afterAll(() => db.close());

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
    await refundAbandonedStages({ store, logger: silentLogger }, Date.now() + STALE_STAGE_AFTER_MS + 1000);
    expect(await balance(uid)).toBe(10);
  });

  it('leaves an attempt that may still be running alone', async () => {
    const { uid } = await accountWithPendingStage();
    await refundAbandonedStages({ store, logger: silentLogger }, Date.now() + STALE_STAGE_AFTER_MS / 2);
    expect(await balance(uid)).toBe(9);
  });

  it('refunds once however many sweeps run at the same time', async () => {
    const { uid } = await accountWithPendingStage();
    const later = Date.now() + STALE_STAGE_AFTER_MS + 1000;
    await Promise.all([1, 2, 3].map(() => refundAbandonedStages({ store, logger: silentLogger }, later)));
    expect(await balance(uid)).toBe(10);
    expect((await store.listLedger(uid)).filter((e) => e.reason === 'refund')).toHaveLength(1);
  });
});
