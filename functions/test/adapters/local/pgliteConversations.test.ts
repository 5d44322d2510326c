import { describeConversationContract } from '../../contracts/conversationContract.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';
import { createPgliteStore } from '../../../src/adapters/local/pgliteStore.js';

describeConversationContract('PGlite (in memory)', async () => createPgliteStore(await openTestDatabase()));
