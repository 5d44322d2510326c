/** The Blobs contract against the Cloud Storage adapter, on the Storage emulator. */
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
      tokenSecret: 'contract-token-secret',
      origin: storageOrigin(),
    }),
  (url) => fetch(url),
);
