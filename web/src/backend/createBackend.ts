import { backendMode, FIRESTORE_EMULATOR_HOST, useFirebaseEmulators } from './config';
import { firebaseApp, firebaseAuth } from './firebaseApp';
import { createFirebaseAuthDriver } from './firebaseAuthDriver';
import { createHttpBillingDriver } from './billingDriver';
import { setIdTokenSource } from './http';
import type { AccountDriver, Backend } from './types';

async function accountDriver(): Promise<AccountDriver> {
  if (backendMode === 'local') {
    const { createLocalAccountDriver } = await import('./localAccountDriver');
    return createLocalAccountDriver();
  }
  // Firestore only ships in the Firebase build.
  const [{ getFirestore, connectFirestoreEmulator }, { createFirestoreAccountDriver }] = await Promise.all([
    import('firebase/firestore'),
    import('./firestoreAccountDriver'),
  ]);
  const db = getFirestore(firebaseApp());
  if (useFirebaseEmulators) {
    const emulator = new URL(`http://${FIRESTORE_EMULATOR_HOST}`);
    connectFirestoreEmulator(db, emulator.hostname, Number(emulator.port));
  }
  return createFirestoreAccountDriver(db, firebaseAuth());
}

/** The real backend for the configured mode (VITE_BACKEND=firebase|local, default local). */
export async function createBackend(): Promise<Backend> {
  const auth = createFirebaseAuthDriver(firebaseAuth());
  setIdTokenSource(auth.idToken);
  return { mode: backendMode, auth, account: await accountDriver(), billing: createHttpBillingDriver() };
}
