/** The EbayStore contract against the Firestore adapter, on the Firestore emulator. */
import { getFirestore } from 'firebase-admin/firestore';
import { describeEbayStoreContract } from '../../contracts/ebayStoreContract.js';
import { firestoreEbay } from '../../../src/adapters/firebase/firestoreEbay.js';
import { adminApp, clearFirestore } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-ebay-contract';

describeEbayStoreContract('Firestore', async () => {
  await clearFirestore(PROJECT_ID);
  return { store: firestoreEbay(getFirestore(adminApp(PROJECT_ID, ['firestore']))), close: async () => undefined };
});
