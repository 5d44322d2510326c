import { describeStageProgressContract } from '../../contracts/stageProgressContract.js';
import { openLocalDatabase } from '../../../src/adapters/local/database.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeStageProgressContract('PGlite (in memory)', async () => createPgliteStore(await openLocalDatabase(null)));
