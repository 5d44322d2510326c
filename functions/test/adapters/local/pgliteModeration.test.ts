import { describeModerationContract } from '../../contracts/moderationContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeModerationContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));
