/**
 * The real app on real local adapters (in-memory PGlite, a temp folder, simulated payments that
 * deliver their signed events back into this app) with tokens from the Auth emulator. Only the
 * Stager is a fake, behind its port.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { createApp } from '../../src/http/app.js';
import { keptListingReads, type KeptListingReads } from '../../src/http/keptListingReads.js';
import { FAIR_USE, LOCAL_FAIR_USE, type FairUseRules } from '../../src/services/fairUse.js';
import { loadConfig, LOCAL_MODE, LOCAL_SITE_URL, type AppConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logs.js';
import type { ServedBlobs } from '../../src/ports/blobs.js';
import type { Store } from '../../src/ports/store.js';
import { openTestDatabase } from './testDatabase.js';
import { createPgliteStore } from '../../src/adapters/local/pgliteStore.js';
import { createFileBlobs } from '../../src/adapters/local/fileBlobs.js';
import { createDebugAppCheck } from '../../src/adapters/local/debugAppCheck.js';
import { createLocalConversationEvents } from '../../src/adapters/local/localConversationEvents.js';
import { createOutboxMail } from '../../src/adapters/local/outboxMail.js';
import type { ConversationEvents } from '../../src/ports/conversationEvents.js';
import { createSimulatedPayments, type SimulatedPayments } from '../../src/adapters/local/simulatedPayments.js';
import { createUploadedImages } from '../../src/stagers/engine/index.js';
import { createLazyPhotoAnalysis } from '../../src/stagers/lazyAnalysis.js';
import { createFakeStager, type FakeStager } from './fakeStager.js';
import { emulatorIdentity, signUpTestUser, type TestUser } from './emulatorUsers.js';
import type { EbaySetup } from '../../src/services/ebayAccess.js';
import type { EbayStore } from '../../src/ports/ebay.js';
import { pgliteEbay } from '../../src/adapters/local/pgliteEbay.js';
import { pglitePieces } from '../../src/adapters/local/pglitePieces.js';
import type { PieceStore } from '../../src/ports/pieces.js';

/**
 * For suites that send many requests as one user to test something else (races, validation,
 * listings): fair use itself is specified in test/http/fairUse.test.ts.
 */
export const WITHOUT_RATE_LIMITS: FairUseRules = {
  ...FAIR_USE,
  staging: { burst: 1_000_000, perMinute: 1_000_000 },
  listingWrites: { burst: 1_000_000, perMinute: 1_000_000 },
  messages: { burst: 1_000_000, perMinute: 1_000_000 },
  perAddress: null,
};

/** A new Auth emulator user whose account the app has made (POST /api/account), as after a sign-up. */
export async function signUpWithAccount(app: Express, displayName?: string): Promise<TestUser> {
  const user = await signUpTestUser(displayName);
  await request(app).post('/api/account').set('authorization', `Bearer ${user.idToken}`).expect(200);
  return user;
}

/** The one App Check token the test app's verifier accepts, as a registered debug token. */
export const TEST_APP_CHECK_TOKEN = 'test-app-check-debug-token';

/** One limited-use token from the test's App Check source, as getLimitedUseToken() gives the app: good once. */
export const limitedUseTestToken = () => `${TEST_APP_CHECK_TOKEN}:${randomUUID()}`;

export const TEST_WEBHOOK_SECRET = 'whsec_test_local_secret';

export interface SimulatedEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** The simulated provider's webhook events: every one sent, and while `held` is set, kept there undelivered. */
export interface Webhooks {
  sent: SimulatedEvent[];
  held: SimulatedEvent[] | null;
}

export interface TestApp {
  app: Express;
  /** The door the local host's server puts in front of the app, when the suite asked for it. */
  keptListingReads?: KeptListingReads;
  store: Store;
  /** Served as the local host serves them, by a route a suite mounts (blobRoutes.ts). */
  blobs: ServedBlobs;
  /** The blobs' folder, to check that a refused request left no file behind. */
  blobDir: string;
  /** Where email notices are written, one JSON file each (the local outbox). */
  outboxDir: string;
  /** Null as in Firebase mode, when the suite asked for no live updates. */
  conversationEvents: ConversationEvents | null;
  stager: FakeStager;
  payments: SimulatedPayments;
  config: AppConfig;
  webhooks: Webhooks;
  /** The backend-only eBay records, in this app's database (issue 41). */
  ebayRecords: EbayStore;
  /** The sellers' books, in this app's database (issue 42). */
  pieces: PieceStore;
  /** Moves the account's sign-up back by `ageMs`, as the database would hold it that much later. */
  backdateSignUp(uid: string, ageMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Local mode's settings (LOCAL_MODE, LOCAL_FAIR_USE) unless a suite asks for Firebase mode's:
 * `config` replaces settings such as appCheck, signupCreditsNeedVerifiedEmail or clientAddress.
 */
export async function createTestApp(
  options: {
    fairUseRules?: FairUseRules;
    config?: Partial<AppConfig>;
    keptListingReads?: boolean;
    /** False builds the app as Firebase mode does: no live conversation updates from the server. */
    conversationEvents?: boolean;
    /** eBay set up (issue 41): its API and keys; the records live in this app's database. */
    ebay?: Omit<EbaySetup, 'records'>;
    /** 'export' serves the books as Firebase mode does: the export alone (issue 42). */
    booksScope?: 'all' | 'export';
  } = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  const store = createPgliteStore(db);
  const blobDir = mkdtempSync(join(tmpdir(), 'flipstage-test-blobs-'));
  const baseUrl = 'http://127.0.0.1:5999';
  const config: AppConfig = {
    ...loadConfig({ TRIAL_DAYS: '7' }, { localPriceIds: true, defaultSiteUrl: LOCAL_SITE_URL }),
    ...LOCAL_MODE,
    ...options.config,
  };
  const stager = await createFakeStager();
  const holder: { app?: Express } = {};
  const webhooks: Webhooks = { sent: [], held: null };
  const payments = createSimulatedPayments({
    db,
    baseUrl,
    webhookSecret: TEST_WEBHOOK_SECRET,
    priceIds: LOCAL_PRICE_IDS,
    deliver: async (payload, signature) => {
      const event = JSON.parse(payload) as SimulatedEvent;
      webhooks.sent.push(event);
      if (webhooks.held) {
        webhooks.held.push(event);
        return;
      }
      const response = await request(holder.app!)
        .post('/api/stripe-webhook')
        .set('content-type', 'application/json')
        .set('stripe-signature', signature)
        .send(payload);
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${response.text}`);
    },
  });
  const blobs = createFileBlobs({ rootDir: blobDir, baseUrl, signingKey: 'test-blob-signing-key' });
  const outboxDir = join(blobDir, 'outbox');
  const conversationEvents = options.conversationEvents === false ? null : createLocalConversationEvents();
  const keptReads = options.keptListingReads ? keptListingReads({ store, logger: silentLogger }) : undefined;
  const ebayRecords = pgliteEbay(db);
  const pieces = pglitePieces(db);
  const app = createApp({
    store,
    blobs,
    payments,
    identity: emulatorIdentity(),
    appCheck: createDebugAppCheck([TEST_APP_CHECK_TOKEN]),
    stager,
    images: createUploadedImages(),
    analysis: createLazyPhotoAnalysis(),
    mail: createOutboxMail(outboxDir),
    conversationEvents,
    config,
    logger: silentLogger,
    fairUseRules: options.fairUseRules ?? LOCAL_FAIR_USE,
    ...(keptReads ? { keptListingReads: keptReads } : {}),
    ...(options.ebay ? { ebay: { ...options.ebay, records: ebayRecords } } : {}),
    books: { pieces, scope: options.booksScope ?? 'all' },
  });
  holder.app = app;
  return {
    app,
    ...(keptReads ? { keptListingReads: keptReads } : {}),
    store,
    blobs,
    blobDir,
    outboxDir,
    conversationEvents,
    stager,
    payments,
    config,
    webhooks,
    ebayRecords,
    pieces,
    async backdateSignUp(uid, ageMs) {
      await db.query(
        'UPDATE customers SET signup_granted_at = signup_granted_at - make_interval(secs => $2) WHERE uid = $1',
        [uid, ageMs / 1000],
      );
    },
    async close() {
      await store.close();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}
