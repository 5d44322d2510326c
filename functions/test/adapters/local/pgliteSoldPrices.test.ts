import { describeSoldPricesContract } from '../../contracts/soldPricesContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeSoldPricesContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));
