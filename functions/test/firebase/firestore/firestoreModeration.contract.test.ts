/** The moderation part of the Store contract against the Firestore adapter, on the Firestore emulator. */
import { getFirestore } from 'firebase-admin/firestore';
import { describeModerationContract } from '../../contracts/moderationContract.js';
import { createFirestoreStore } from '../../../src/adapters/firebase/firestoreStore.js';
import { adminApp, clearFirestore } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-moderation-contract';

describeModerationContract('Firestore', async () => {
  await clearFirestore(PROJECT_ID);
  return createFirestoreStore(getFirestore(adminApp(PROJECT_ID, ['firestore'])), { ownsClient: true });
});
