/**
 * The Store on PGlite, one file per part of the port. Every operation is one SQL transaction;
 * PGlite runs transactions one at a time, and the credit rules arrive with each call
 * (ports/creditRules.ts), so this adapter only reads, asks and writes.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Store } from '../../ports/store.js';
import { pgliteAccounts } from './pgliteAccounts.js';
import { pgliteConversations } from './pgliteConversations.js';
import { pgliteItems } from './pgliteItems.js';
import { createListingWrites } from './pgliteListingWrites.js';
import { pgliteMarketplacePosts } from './pgliteMarketplacePosts.js';
import { pgliteLedger } from './pgliteLedger.js';
import { pgliteModeration } from './pgliteModeration.js';
import { pgliteStages } from './pgliteStages.js';
import { pgliteTrials } from './pgliteTrials.js';
import { pgliteWebhooks } from './pgliteWebhooks.js';

export function createPgliteStore(db: PGlite): Store {
  const listingWrites = createListingWrites();
  return {
    ...pgliteAccounts(db),
    ...pgliteLedger(db),
    ...pgliteStages(db),
    ...pgliteTrials(db),
    ...pgliteItems(db, listingWrites),
    ...pgliteWebhooks(db),
    ...pgliteConversations(db),
    ...pgliteModeration(db, listingWrites),
    ...pgliteMarketplacePosts(db),
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
