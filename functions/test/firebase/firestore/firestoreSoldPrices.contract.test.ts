/** The sold prices part of the Store contract against the Firestore adapter, on the Firestore emulator. */
import { getFirestore } from 'firebase-admin/firestore';
import { describeSoldPricesContract } from '../../contracts/soldPricesContract.js';
import { createFirestoreStore } from '../../../src/adapters/firebase/firestoreStore.js';
import { adminApp, clearFirestore } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-sold-prices-contract';

describeSoldPricesContract('Firestore', async () => {
  await clearFirestore(PROJECT_ID);
  return createFirestoreStore(getFirestore(adminApp(PROJECT_ID, ['firestore'])), { ownsClient: true });
});
