/**
 * What the Cloud Functions run, loaded on their first call (index.ts): the app of an API area on
 * Firebase's ports, the sweep of abandoned stagings and the eBay sales check. Params and secrets
 * are read here, inside a request, never at module load.
 */
import type { Express, Request, Response } from 'express';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { projectID } from 'firebase-functions/params';
import { apiError, MESSAGES } from '@flipstage/core';
import { createApp, type ApiArea } from './http/app.js';
import { loadConfig } from './config.js';
import { createFirebaseDeps, firebaseBlobsFor } from './wiring/firebase.js';
import { createFirestoreStore } from './adapters/firebase/firestoreStore.js';
import { createFunctionsLogger } from './adapters/firebase/functionsLogger.js';
import { refundAbandonedStages } from './services/abandonedStages.js';
import { filePageShell } from './adapters/filePageShell.js';
import * as params from './params.js';
import { loadEbaySettings, type EbaySettings } from './adapters/ebay/ebaySettings.js';
import { firestoreEbay } from './adapters/firebase/firestoreEbay.js';
import { createFirestoreMail } from './adapters/firebase/firestoreMail.js';
import { createFirebaseIdentity } from './adapters/firebase/identity.js';
import { getAuth } from 'firebase-admin/auth';
import { ebaySetup } from './wiring/ebay.js';
import { ebayServices } from './services/ebayServices.js';
import { checkEbaySales as checkSales } from './services/ebaySales.js';
import { purgeDeletedPieces, sellingPieces } from './services/books.js';
import { applyPieceTotals } from './adapters/firebase/firestoreBookTotals.js';
import { firestorePieces } from './adapters/firebase/firestorePieces.js';
import { toVerifiedAddresses } from './services/verifiedMail.js';
import { getStorage } from 'firebase-admin/storage';
import { createStorageBlobs, storageOrigin } from './adapters/firebase/storageBlobs.js';

/** web/dist/index.html, copied beside the bundle by scripts/build-functions.mjs. */
const PAGE_SHELL_FILE = 'web-index.html';

const firebaseApp = () => getApps()[0] ?? initializeApp();

function firebaseConfig() {
  return loadConfig(
    {
      STRIPE_PRICE_BASE: params.STRIPE_PRICE_BASE.value(),
      STRIPE_PRICE_FLIPPER: params.STRIPE_PRICE_FLIPPER.value(),
      STRIPE_PRICE_PREMIUM: params.STRIPE_PRICE_PREMIUM.value(),
      TRIAL_DAYS: String(params.TRIAL_DAYS.value()),
      MERGE_DB_USER: String(params.MERGE_DB_USER.value()),
      SITE_URL: params.SITE_URL.value(),
      APP_CHECK: params.APP_CHECK.value(),
    },
    { defaultSiteUrl: `https://${projectID.value()}.web.app,https://${projectID.value()}.firebaseapp.com` },
  );
}

/** eBay's settings from the params and the secrets only the api function and the sales check are granted. */
function ebaySettings(siteOrigin: string): EbaySettings | null {
  return loadEbaySettings(
    {
      EBAY_CLIENT_ID: params.EBAY_CLIENT_ID.value(),
      EBAY_CLIENT_SECRET: params.EBAY_CLIENT_SECRET.value(),
      EBAY_TOKEN_KEY: params.EBAY_TOKEN_KEY.value(),
      EBAY_RUNAME: params.EBAY_RUNAME.value(),
      EBAY_ENVIRONMENT: params.EBAY_ENVIRONMENT.value(),
      EBAY_API_BASE_URL: params.EBAY_API_BASE_URL.value(),
      EBAY_AUTH_BASE_URL: params.EBAY_AUTH_BASE_URL.value(),
      EBAY_VERIFICATION_TOKEN: params.EBAY_VERIFICATION_TOKEN.value(),
    },
    siteOrigin,
  );
}

function buildApp(area: ApiArea): Express {
  logger.info('building the app', { area });
  const config = firebaseConfig();
  // Each function was granted only its own secrets (index.ts); the others stay empty here.
  const light = area === 'light';
  const deps = createFirebaseDeps(firebaseApp(), {
    config,
    stripeSecretKey: light ? params.STRIPE_SECRET_KEY.value() : '',
    stripeWebhookSecret: light ? params.STRIPE_WEBHOOK_SECRET.value() : '',
    // The Emulator Suite without a Storage emulator keeps images in a folder its build names.
    blobs: firebaseBlobsFor(process.env, {
      dir: process.env.EMULATOR_BLOBS_DIR ?? '',
      baseUrl: process.env.EMULATOR_SITE_URL ?? '',
    }),
    stager: {
      PHOTOROOM_API_KEY: light ? '' : params.PHOTOROOM_API_KEY.value(),
      PHOTOROOM_MODEL_VERSION: params.PHOTOROOM_MODEL_VERSION.value(),
    },
    engineWorkers: params.ENGINE_WORKERS.value(),
    ebay: light ? ebaySettings(config.siteOrigins[0] ?? '') : null,
  });
  // The listing pages boot the app from its built index.html, which the deploy package carries.
  return createApp({ ...deps, pageShell: filePageShell([new URL(`./${PAGE_SHELL_FILE}`, import.meta.url)]) }, [area]);
}

/** The handler of an area: builds its app on the first request and reuses it. */
export function areaHandler(area: ApiArea): (req: Request, res: Response) => void {
  let app: Express | undefined;
  return (req, res) => {
    try {
      app ??= buildApp(area);
    } catch (error) {
      // A configuration mistake (say, an invalid TRIAL_DAYS): say so in the logs, answer like any
      // other server error, and try again on the next request.
      logger.error('the app could not be built', { area, error });
      res.status(500).json(apiError(MESSAGES.internalError));
      return;
    }
    app(req, res);
  };
}

/** Refunds stagings whose request died (a killed instance cannot refund its own). */
export async function sweepAbandonedStagings(): Promise<void> {
  const app = firebaseApp();
  await refundAbandonedStages({
    store: createFirestoreStore(getFirestore(app)),
    blobs: createStorageBlobs({ bucket: getStorage(app).bucket(), origin: storageOrigin() }),
    logger: createFunctionsLogger({ job: 'sweepAbandonedStagings' }),
  });
}

/** Brings the seller's books totals up to date with one piece (issue 42): the onBooksWritten triggers. */
export async function keepBookTotals(pieceId: string): Promise<void> {
  await applyPieceTotals(getFirestore(firebaseApp()), pieceId);
}

/** Pieces deleted more than 30 days ago go for good, with their cost lines (issue 42). */
export async function purgeDeletedBookPieces(): Promise<void> {
  const purged = await purgeDeletedPieces(firestorePieces(getFirestore(firebaseApp())), Date.now());
  createFunctionsLogger({ job: 'purgeDeletedPieces' }).write('INFO', 'purged deleted pieces', { purged });
}

/** Marks sold here what sold on eBay, and ends eBay listings a failed withdrawal left up (ebaySales.ts). */
export async function checkEbaySales(): Promise<void> {
  const config = firebaseConfig();
  const settings = ebaySettings(config.siteOrigins[0] ?? '');
  if (!settings) return;
  const app = firebaseApp();
  const store = createFirestoreStore(getFirestore(app));
  const log = createFunctionsLogger({ job: 'checkEbaySales' });
  const mail = toVerifiedAddresses(createFirestoreMail(getFirestore(app)), {
    identity: createFirebaseIdentity(getAuth(app)),
    store,
    needVerifiedEmail: config.verifiedEmailRequired,
    logger: log,
  });
  await checkSales(
    ebayServices({
      setup: ebaySetup(settings, firestoreEbay(getFirestore(app))),
      // A piece sold on eBay is booked as eBay's sale.
      store: sellingPieces(store, firestorePieces(getFirestore(app)), 'eBay'),
      blobs: createStorageBlobs({ bucket: getStorage(app).bucket(), origin: storageOrigin() }),
      mail,
      priceIds: config.priceIds,
      siteOrigins: config.siteOrigins,
      logger: log,
    }),
  );
}
