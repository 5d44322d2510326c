import { describeMarketplacePostsContract } from '../../contracts/marketplacePostsContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeMarketplacePostsContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));
