/** The PieceStore contract against the Firestore adapter, on the Firestore emulator. */
import { getFirestore } from 'firebase-admin/firestore';
import { describePieceStoreContract } from '../../contracts/pieceStoreContract.js';
import { firestorePieces } from '../../../src/adapters/firebase/firestorePieces.js';
import { adminApp, clearFirestore } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-pieces-contract';

describePieceStoreContract('Firestore', async () => {
  await clearFirestore(PROJECT_ID);
  return { store: firestorePieces(getFirestore(adminApp(PROJECT_ID, ['firestore']))), close: async () => undefined };
});
