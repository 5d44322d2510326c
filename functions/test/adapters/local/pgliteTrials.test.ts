import { describeTrialContract } from '../../contracts/trialContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeTrialContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));
