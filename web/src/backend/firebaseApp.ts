import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { AUTH_EMULATOR_URL, firebaseWebConfig } from './config';

export function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(firebaseWebConfig());
}

let auth: Auth | null = null;

/** The Auth SDK instance: the Auth emulator in local mode (and with the Emulator Suite), Firebase Auth otherwise. */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  auth = getAuth(firebaseApp());
  if (AUTH_EMULATOR_URL) connectAuthEmulator(auth, AUTH_EMULATOR_URL, { disableWarnings: true });
  return auth;
}
