/** The Blobs contract against the Cloud Storage adapter, on the Storage emulator (which checks no signatures). */
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { describeBlobsContract } from '../../contracts/blobsContract.js';
import { createStorageBlobs, storageOrigin } from '../../../src/adapters/firebase/storageBlobs.js';
import { adminApp } from '../support/emulators.js';

const PROJECT_ID = 'demo-flipstage-blobs-contract';

describeBlobsContract(
  'Cloud Storage',
  async () =>
    createStorageBlobs({
      bucket: getStorage(adminApp(PROJECT_ID, ['storage'])).bucket(`${PROJECT_ID}.appspot.com`),
      origin: storageOrigin(),
    }),
  {
    fetchUrl: (url) => fetch(url),
    checksSignatures: false,
    showListing: async (itemId) => {
      await getFirestore(adminApp(PROJECT_ID, ['firestore']))
        .doc(`items/${itemId}`)
        .set({ hidden: false });
    },
  },
);
