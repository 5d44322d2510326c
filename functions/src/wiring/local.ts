/**
 * The backend's ports in local mode (DESIGN §1, §6a): PGlite, a folder of blobs, simulated
 * payments and ID tokens from the Auth emulator. The local host mounts the same app on them.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Auth } from 'firebase-admin/auth';
import type { AppDeps } from '../http/app.js';
import { LOCAL_MODE, type AppConfig } from '../config.js';
import type { Logger } from '../logs.js';
import type { PhotoAnalysis } from '../ports/analysis.js';
import type { ServedBlobs } from '../ports/blobs.js';
import type { Stager } from '../ports/stager.js';
import type { Store } from '../ports/store.js';
import { blobSigningKey, createFileBlobs } from '../adapters/local/fileBlobs.js';
import { loadOrCreateKey } from '../adapters/local/localKeys.js';
import { createSimulatedPayments, type SimulatedPayments } from '../adapters/local/simulatedPayments.js';
import { createFirebaseIdentity } from '../adapters/firebase/identity.js';
import { createDebugAppCheck } from '../adapters/local/debugAppCheck.js';
import { createLocalConversationEvents } from '../adapters/local/localConversationEvents.js';
import { createOutboxMail } from '../adapters/local/outboxMail.js';
import { LOCAL_FAIR_USE } from '../services/fairUse.js';
import { createLazyImages } from '../stagers/lazyImages.js';
import type { Router } from 'express';
import { pgliteEbay } from '../adapters/local/pgliteEbay.js';
import { pglitePieces } from '../adapters/local/pglitePieces.js';
import { localEbay } from './localEbay.js';
import type { EbaySetup } from '../services/ebayAccess.js';

export interface LocalSettings {
  db: PGlite;
  store: Store;
  auth: Auth;
  /** Blobs and the webhook secret live here. */
  dataDir: string;
  /** Public base URL for blob and checkout links. */
  baseUrl: string;
  config: AppConfig;
  stager: Stager;
  /** The engine's preview, run where the host runs its engine (stagers/engineRuntime.ts). */
  analysis: PhotoAnalysis;
  logger: Logger;
  /** EBAY_* settings; without keys, the simulated eBay (wiring/localEbay.ts). */
  env?: Record<string, string | undefined>;
}

/** The simulated payments stay typed as such: the host's /dev pages drive their checkout and portal. */
export interface LocalDeps extends AppDeps {
  payments: SimulatedPayments;
  /** The host serves them at /blobs, checking the signatures of private paths. */
  blobs: ServedBlobs;
  /** eBay, simulated or real: always set up in local mode. */
  ebay: EbaySetup;
  /** The simulated eBay the host serves at /dev/ebay; null when real eBay keys are set. */
  ebaySimulator: Router | null;
}

/** Generated once per data folder, so events signed before a restart still verify after it. */
export function loadOrCreateWebhookSecret(dataDir: string): string {
  return loadOrCreateKey(join(dataDir, 'webhook-secret'), () => `whsec_local_${randomBytes(24).toString('hex')}`);
}

export function createLocalDeps(settings: LocalSettings): LocalDeps {
  const { db, baseUrl, config } = settings;
  const blobsDir = join(settings.dataDir, 'blobs');
  const ebay = localEbay({ env: settings.env ?? {}, dataDir: settings.dataDir, baseUrl, records: pgliteEbay(db) });
  return {
    store: settings.store,
    blobs: createFileBlobs({ rootDir: blobsDir, baseUrl, signingKey: blobSigningKey(blobsDir) }),
    payments: createSimulatedPayments({
      db,
      baseUrl,
      webhookSecret: loadOrCreateWebhookSecret(settings.dataDir),
      priceIds: config.priceIds,
    }),
    identity: createFirebaseIdentity(settings.auth),
    appCheck: createDebugAppCheck([]),
    stager: settings.stager,
    images: createLazyImages(),
    analysis: settings.analysis,
    // Email notices are files to open, not mail: <dataDir>/outbox/.
    mail: createOutboxMail(join(settings.dataDir, 'outbox')),
    conversationEvents: createLocalConversationEvents(),
    // The host's own pages (the simulated checkout and portal) are part of the local site too.
    config: { ...config, ...LOCAL_MODE, siteOrigins: [...config.siteOrigins, new URL(baseUrl).origin] },
    fairUseRules: LOCAL_FAIR_USE,
    logger: settings.logger,
    ebay: ebay.setup,
    ebaySimulator: ebay.simulator,
    books: { pieces: pglitePieces(db), scope: 'all' },
  };
}
