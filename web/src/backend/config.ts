import { LOCAL_PRICE_IDS, LOCAL_PROJECT_ID, priceIdsFromEnv, type PriceIdConfig } from '@flipstage/core';

/** Build-time configuration (Vite env). Local mode needs none of it. */
export type BackendMode = 'firebase' | 'local';

const env = import.meta.env as Record<string, string | undefined>;

export const backendMode: BackendMode = env.VITE_BACKEND === 'firebase' ? 'firebase' : 'local';

export const AUTH_EMULATOR_URL = env.VITE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099';
/** host:port of the Firestore emulator in Firebase mode on the Emulator Suite (test runs pick a free port). */
export const FIRESTORE_EMULATOR_HOST = env.VITE_FIRESTORE_EMULATOR_HOST || '127.0.0.1:8080';

export function firebaseWebConfig(): Record<string, string> {
  if (backendMode === 'local') {
    // The emulator accepts any api key; the project id must match the one it serves.
    return { apiKey: 'demo-api-key', authDomain: `${LOCAL_PROJECT_ID}.firebaseapp.com`, projectId: LOCAL_PROJECT_ID };
  }
  const config: Record<string, string> = {};
  const fields = {
    apiKey: 'VITE_FIREBASE_API_KEY',
    authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
    projectId: 'VITE_FIREBASE_PROJECT_ID',
    storageBucket: 'VITE_FIREBASE_STORAGE_BUCKET',
    messagingSenderId: 'VITE_FIREBASE_MESSAGING_SENDER_ID',
    appId: 'VITE_FIREBASE_APP_ID',
    measurementId: 'VITE_GA_MEASUREMENT_ID',
  } as const;
  for (const [key, name] of Object.entries(fields)) {
    const value = env[name];
    if (value) config[key] = value;
  }
  return config;
}

/** Firebase mode against the Emulator Suite (`npm run dev:firebase`) sets this to connect the SDK to the emulators. */
export const useFirebaseEmulators = env.VITE_FIREBASE_EMULATORS === 'true';

/** Spec §8: MERGE_DB_USER=false disables merging the extra user data. */
export const mergeDbUser = env.VITE_MERGE_DB_USER !== 'false';

export const siteUrl = (env.VITE_SITE_URL || '').replace(/\/+$/, '');

export const gaMeasurementId = env.VITE_GA_MEASUREMENT_ID || '';
export const crispWebsiteId = env.VITE_CRISP_WEBSITE_ID || '';

export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL || 'support@flipstage.app';

/** Price ids from VITE_STRIPE_PRICE_*; local mode's simulated checkout knows the LOCAL_PRICE_IDS. */
export function priceIdConfig(): PriceIdConfig {
  const configured = priceIdsFromEnv(env, 'VITE_');
  return backendMode === 'local' ? { ...LOCAL_PRICE_IDS, ...configured } : configured;
}
