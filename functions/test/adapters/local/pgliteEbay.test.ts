/** The EbayStore contract against PGlite. */
import { describeEbayStoreContract } from '../../contracts/ebayStoreContract.js';
import { pgliteEbay } from '../../../src/adapters/local/pgliteEbay.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';

describeEbayStoreContract('PGlite', async () => {
  const db = await openTestDatabase();
  return { store: pgliteEbay(db), close: () => db.close() };
});
