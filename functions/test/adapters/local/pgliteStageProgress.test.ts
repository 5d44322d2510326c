import { describeStageProgressContract } from '../../contracts/stageProgressContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeStageProgressContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));
