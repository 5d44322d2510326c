import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Store } from '../../../src/ports/store.js';
import { createFirestoreStore } from '../../../src/adapters/firebase/firestoreStore.js';
import { adminApp, clearFirestore } from './emulators.js';

export interface FirestoreStoreSuite {
  db: Firestore;
  store: Store;
}

/**
 * The lifecycle of a Firestore-store suite: one Admin client on the emulator for the suite's own
 * `demo-*` project, an empty database before each test, and the client closed after all.
 * The returned object is filled in `beforeAll`, so read its fields inside tests.
 */
export function useFirestoreStore(projectId: string): FirestoreStoreSuite {
  const suite = {} as FirestoreStoreSuite;
  beforeAll(() => {
    suite.db = getFirestore(adminApp(projectId, ['firestore']));
    suite.store = createFirestoreStore(suite.db);
  });
  beforeEach(async () => {
    await clearFirestore(projectId);
  });
  afterAll(async () => {
    await suite.db.terminate();
  });
  return suite;
}
