/**
 * An idempotent create's race, forced: both requests with one key pass the "already made?" check
 * before either has saved, so the store's create decides. The loser returns the winner's listing
 * and leaves none of its own photos behind.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helpers/testDatabase.js';
import { createFileBlobs } from '../../src/adapters/local/fileBlobs.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import type { Store } from '../../src/ports/store.js';
import { createItem, type MarketplaceDeps } from '../../src/services/marketplace.js';
import { createUploadedImages } from '../../src/stagers/engine/index.js';
import { jpegBytes } from '../helpers/images.js';

let db: PGlite;
let store: Store;
let rootDir: string;
beforeAll(async () => {
  db = await openTestDatabase();
  store = createPgliteStore(db);
  rootDir = mkdtempSync(join(tmpdir(), 'flipstage-idempotent-listing-'));
});
afterAll(async () => {
  await db.close();
  rmSync(rootDir, { recursive: true, force: true });
});

/** The store, except that the first `blind` reads find nothing: every request passes the check before any saves. */
function storeBlindFor(blind: number): Store {
  let reads = 0;
  return new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'getItem') return async (id: string) => (reads++ < blind ? null : target.getItem(id));
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
}

describe('idempotent listing create', () => {
  it('returns the winner to the request that lost the race, and removes the photos the loser stored', async () => {
    const deps: MarketplaceDeps = {
      store: storeBlindFor(2),
      blobs: createFileBlobs({ rootDir, baseUrl: 'http://127.0.0.1:1', signingKey: 'test-key' }),
      images: createUploadedImages(),
    };
    const submission = {
      uid: `u-${randomUUID()}`,
      fields: { title: 'Oak dresser', description: 'Six drawers.', price: '120' },
      images: [{ data: await jpegBytes(320, 240) }],
      idempotencyKey: randomUUID(),
    };
    const [a, b] = await Promise.all([createItem(deps, submission), createItem(deps, submission)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.item).toEqual(b.item);
    const stored = readdirSync(join(rootDir, 'files', 'items', a.item.id)).sort();
    const named = [...a.item.images, ...a.item.thumbs].map((url) => url.split('/').pop()).sort();
    expect(stored).toEqual(named);
  });
});
