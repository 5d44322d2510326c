import { LOCAL_PRICE_IDS, LOCAL_PROJECT_ID, priceIdsFromEnv, type PriceIdConfig } from '@flipstage/core';

/**
 * Build-time configuration (Vite env). Local mode needs none of it. Each setting is read as
 * `import.meta.env.VITE_…`, which the build replaces with its value (vite-env.d.ts): the conditions
 * here are constants there, so a Firebase build drops the local-mode and emulator branches, their
 * settings and their dynamic imports. A deploy build (web/vite.deploy.config.ts) checks them first.
 */
export type BackendMode = 'firebase' | 'local';

export const backendMode: BackendMode = import.meta.env.VITE_BACKEND === 'firebase' ? 'firebase' : 'local';

/** Firebase mode against the Emulator Suite (`npm run dev:firebase`, the Firebase test tier): the SDKs connect to the emulators. */
const useFirebaseEmulators = backendMode === 'firebase' && import.meta.env.VITE_FIREBASE_EMULATORS === 'true';

/** Local mode signs in against the Auth emulator too; only a Firebase build for production talks to Google. */
const usesAuthEmulator = backendMode === 'local' || useFirebaseEmulators;

/**
 * The Auth emulator's URL when the build uses one, else undefined. Local mode reaches it through
 * the local host, on the app's own origin (functions/src/localHost/authProxy.ts), which keeps the
 * accounts in its data folder as they change; the Emulator Suite's is its own port.
 */
export const AUTH_EMULATOR_URL: string | undefined = usesAuthEmulator
  ? import.meta.env.VITE_AUTH_EMULATOR_URL ||
    (backendMode === 'local' ? window.location.origin : 'http://127.0.0.1:9099')
  : undefined;

/** host:port of the Firestore emulator with the Emulator Suite (test runs pick a free port), else undefined. */
export const FIRESTORE_EMULATOR_HOST: string | undefined = useFirebaseEmulators
  ? import.meta.env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080'
  : undefined;

export function firebaseWebConfig(): Record<string, string> {
  if (backendMode === 'local') {
    // The emulator accepts any api key; the project id must match the one it serves.
    return { apiKey: 'demo-api-key', authDomain: `${LOCAL_PROJECT_ID}.firebaseapp.com`, projectId: LOCAL_PROJECT_ID };
  }
  const config = {
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    storageBucket: import.meta.env.VITE_FIREBASE_STORAGE_BUCKET,
    messagingSenderId: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    appId: import.meta.env.VITE_FIREBASE_APP_ID,
    measurementId: import.meta.env.VITE_GA_MEASUREMENT_ID,
  };
  return Object.fromEntries(Object.entries(config).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** Spec §8: MERGE_DB_USER=false disables merging the extra user data. */
export const mergeDbUser = import.meta.env.VITE_MERGE_DB_USER !== 'false';

export const siteUrl = (import.meta.env.VITE_SITE_URL || '').replace(/\/+$/, '');

export const gaMeasurementId = import.meta.env.VITE_GA_MEASUREMENT_ID || '';
export const crispWebsiteId = import.meta.env.VITE_CRISP_WEBSITE_ID || '';

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@flipstage.app';

/** Price ids from VITE_STRIPE_PRICE_* (a plan's id or alias); local mode's simulated checkout knows the LOCAL_PRICE_IDS. */
export function priceIdConfig(): PriceIdConfig {
  const configured = priceIdsFromEnv(
    {
      VITE_STRIPE_PRICE_BASE: import.meta.env.VITE_STRIPE_PRICE_BASE,
      VITE_STRIPE_PRICE_FLIPPER: import.meta.env.VITE_STRIPE_PRICE_FLIPPER,
      VITE_STRIPE_PRICE_PREMIUM: import.meta.env.VITE_STRIPE_PRICE_PREMIUM,
      VITE_STRIPE_PRICE_STARTER: import.meta.env.VITE_STRIPE_PRICE_STARTER,
      VITE_STRIPE_PRICE_PRO: import.meta.env.VITE_STRIPE_PRICE_PRO,
      VITE_STRIPE_PRICE_BUSINESS: import.meta.env.VITE_STRIPE_PRICE_BUSINESS,
    },
    'VITE_',
  );
  return backendMode === 'local' ? { ...LOCAL_PRICE_IDS, ...configured } : configured;
}
