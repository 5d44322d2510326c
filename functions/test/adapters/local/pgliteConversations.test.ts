import { describeConversationContract } from '../../contracts/conversationContract.js';
import { openLocalDatabase } from '../../../src/adapters/local/database.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeConversationContract('PGlite (in memory)', async () => createPgliteStore(await openLocalDatabase(null)));
