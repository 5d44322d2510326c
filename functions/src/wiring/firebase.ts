/**
 * The backend's ports in Firebase mode (DESIGN §1): Firestore, Cloud Storage, Admin Auth, Stripe,
 * and Photoroom or the local engine. Settings arrive already read from the function's params and
 * secrets, so this module knows nothing of how they are configured.
 */
import { availableParallelism } from 'node:os';
import type { App } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { API_PREFIX, type AppDeps } from '../http/app.js';
import type { AppConfig } from '../config.js';
import { createStager, type StagerEnv } from '../stagers/selectStager.js';
import { createLazyImages } from '../stagers/lazyImages.js';
import { createEngineRuntime } from '../stagers/engineRuntime.js';
import type { Payments } from '../ports/payments.js';
import { createStripePayments } from '../adapters/stripe.js';
import { createFirestoreStore } from '../adapters/firebase/firestoreStore.js';
import { createFunctionsLogger } from '../adapters/firebase/functionsLogger.js';
import { createFirebaseIdentity } from '../adapters/firebase/identity.js';
import { createFirebaseAppCheck } from '../adapters/firebase/appCheck.js';
import { createFirestoreMail } from '../adapters/firebase/firestoreMail.js';
import { createStorageBlobs, storageOrigin } from '../adapters/firebase/storageBlobs.js';
import { blobSigningKey, createFileBlobs } from '../adapters/local/fileBlobs.js';
import type { Blobs, ServedBlobs } from '../ports/blobs.js';
import { firebaseFairUse } from '../services/fairUse.js';
import type { EbaySettings } from '../adapters/ebay/ebaySettings.js';
import { firestoreEbay } from '../adapters/firebase/firestoreEbay.js';
import { firestorePieces } from '../adapters/firebase/firestorePieces.js';
import { ebaySetup } from './ebay.js';

/**
 * A deployed function must be given every secret it declares; this value of PHOTOROOM_API_KEY
 * says "no Photoroom account", and staging uses the built-in engine.
 */
export const NO_PHOTOROOM_KEY = 'none';

export interface FirebaseSettings {
  config: AppConfig;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  blobs: FirebaseBlobs;
  stager: StagerEnv;
  /** Worker threads that run the built-in engine (the ENGINE_WORKERS param), 0 for none; absent, one per core. */
  engineWorkers?: number;
  /** Publishing to eBay, when set up (the api function's EBAY_* params and secrets). */
  ebay?: EbaySettings | null;
}

/**
 * Where images live: Cloud Storage (production, or the Storage emulator), or, in the Emulator
 * Suite when no Storage emulator runs, a folder served by the function itself at /api/blobs.
 */
export type FirebaseBlobs =
  | { kind: 'storage' }
  | {
      kind: 'files';
      /** A folder every function instance shares. */
      dir: string;
      /** The site's origin, where Hosting rewrites /api/** to the function, e.g. http://127.0.0.1:5000. */
      baseUrl: string;
    };

/**
 * Cloud Storage, except in the Functions emulator with no Storage emulator beside it (its rules
 * runtime is a download some machines lack): then the file store in `fallback`, served by the
 * function itself. A deployed function never has FUNCTIONS_EMULATOR, so it never falls back.
 */
export function firebaseBlobsFor(
  env: { FUNCTIONS_EMULATOR?: string; FIREBASE_STORAGE_EMULATOR_HOST?: string },
  fallback: { dir: string; baseUrl: string },
): FirebaseBlobs {
  if (env.FUNCTIONS_EMULATOR !== 'true' || env.FIREBASE_STORAGE_EMULATOR_HOST) return { kind: 'storage' };
  if (!fallback.dir || !fallback.baseUrl) {
    throw new Error(
      'No Storage emulator is running, and the file store that replaces it needs a folder and the site URL; see docs/firebase.md (The Emulator Suite)',
    );
  }
  return { kind: 'files', ...fallback };
}

function createBlobs(app: App, setting: FirebaseBlobs): { blobs: Blobs; servedBlobs?: ServedBlobs } {
  if (setting.kind === 'storage') {
    return { blobs: createStorageBlobs({ bucket: getStorage(app).bucket(), origin: storageOrigin() }) };
  }
  const served = createFileBlobs({
    rootDir: setting.dir,
    baseUrl: `${setting.baseUrl.replace(/\/+$/, '')}${API_PREFIX}`,
    // Created once in the shared folder, so every instance verifies what another signed.
    signingKey: blobSigningKey(setting.dir),
  });
  return { blobs: served, servedBlobs: served };
}

/**
 * Stripe, created on first use. Deployed functions always have the secret (deploy refuses
 * without it), but the Emulator Suite may run without Stripe keys; then only the billing routes
 * fail, with a message saying what to set, and staging and the marketplace keep working.
 */
function stripeOnFirstUse(secretKey: string, webhookSecret: string): Payments {
  let payments: Payments | undefined;
  const stripe = (): Payments => {
    if (!secretKey) throw new Error('STRIPE_SECRET_KEY is not set; see docs/firebase.md (Secrets)');
    payments ??= createStripePayments({ secretKey, webhookSecret });
    return payments;
  };
  return {
    createCustomer: async (input) => stripe().createCustomer(input),
    createCheckoutSession: async (input) => stripe().createCheckoutSession(input),
    createPortalSession: async (input) => stripe().createPortalSession(input),
    getSubscription: async (id) => stripe().getSubscription(id),
    cancelSubscription: async (input) => stripe().cancelSubscription(input),
    verifyWebhook: (rawBody, signature) => stripe().verifyWebhook(rawBody, signature),
  };
}

export function createFirebaseDeps(app: App, settings: FirebaseSettings): AppDeps {
  // An instance's engine lives as long as the instance: the pool is never closed.
  const engine = createEngineRuntime(settings.engineWorkers ?? availableParallelism());
  return {
    store: createFirestoreStore(getFirestore(app)),
    ...createBlobs(app, settings.blobs),
    payments: stripeOnFirstUse(settings.stripeSecretKey, settings.stripeWebhookSecret),
    identity: createFirebaseIdentity(getAuth(app)),
    appCheck: createFirebaseAppCheck(getAppCheck(app)),
    stager: createStager(
      {
        ...settings.stager,
        PHOTOROOM_API_KEY:
          settings.stager.PHOTOROOM_API_KEY?.trim() === NO_PHOTOROOM_KEY ? '' : settings.stager.PHOTOROOM_API_KEY,
      },
      engine.stager,
    ),
    images: createLazyImages(),
    analysis: engine.analysis,
    mail: createFirestoreMail(getFirestore(app)),
    conversationEvents: null,
    // The app writes the books to Firestore itself; the API serves the CLI's export.
    books: { pieces: firestorePieces(getFirestore(app)), scope: 'export' },
    config: settings.config,
    logger: createFunctionsLogger(),
    fairUseRules: firebaseFairUse(process.env),
    ...(settings.ebay ? { ebay: ebaySetup(settings.ebay, firestoreEbay(getFirestore(app))) } : {}),
  };
}
