import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeStoreContract } from '../../contracts/storeContract.js';
import { openLocalDatabase } from '../../../src/adapters/local/database.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';
import { CREDIT_RULES } from '../../../src/services/creditRules.js';

describeStoreContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));

describe('PGlite database on disk', () => {
  it('keeps data across a restart and migrates only once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flipstage-db-'));
    try {
      const first = createPgliteStore(await openLocalDatabase(dataDir));
      await first.ensureAccount('u1', { name: 'A', email: 'a@example.com', avatar: null }, 10, CREDIT_RULES);
      await first.close();
      const second = createPgliteStore(await openLocalDatabase(dataDir));
      expect((await second.getAccount('u1'))?.customer.creditsRemaining).toBe(10);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
