import { describeTrialContract } from '../../contracts/trialContract.js';
import { openLocalDatabase } from '../../../src/adapters/local/database.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeTrialContract('PGlite (in memory)', async () => createPgliteStore(await openLocalDatabase(null)));
