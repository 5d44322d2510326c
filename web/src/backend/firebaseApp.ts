import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { AUTH_EMULATOR_URL, firebaseWebConfig } from './config';

export function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(firebaseWebConfig());
}

/** Where the Auth SDK marks, in sessionStorage, a provider sign-in that left by redirect and has not come back yet. */
const PENDING_REDIRECT_PREFIX = 'firebase:pendingRedirect:';

function redirectSignInPending(): boolean {
  try {
    return Object.keys(sessionStorage).some((key) => key.startsWith(PENDING_REDIRECT_PREFIX));
  } catch {
    // Storage the browser refuses cannot hold a pending redirect either.
    return false;
  }
}

let auth: Promise<Auth> | null = null;

/**
 * The Auth SDK instance: the Auth emulator in local mode (and with the Emulator Suite), Firebase
 * Auth otherwise. Unlike getAuth it keeps the session in IndexedDB only (it survives reloads) and
 * leaves out the popup and redirect resolver, which social sign-in loads when used
 * (socialSignIn.ts). Coming back from a redirect sign-in, the resolver loads first, as the SDK
 * finishes that sign-in while it starts.
 */
export function firebaseAuth(): Promise<Auth> {
  return (auth ??= (async () => {
    const popupRedirectResolver = redirectSignInPending()
      ? (await import('./socialSignIn')).browserPopupRedirectResolver
      : undefined;
    const instance = initializeAuth(firebaseApp(), { persistence: indexedDBLocalPersistence, popupRedirectResolver });
    if (AUTH_EMULATOR_URL) connectAuthEmulator(instance, AUTH_EMULATOR_URL, { disableWarnings: true });
    return instance;
  })());
}
