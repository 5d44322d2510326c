/**
 * The local host (DESIGN §1, §6a): the same Express app as the Cloud Function, on the local
 * wiring (wiring/local.ts) and the local staging engine. Serves /api, /blobs, /dev and the
 * listing pages (/marketplace/{id}) on 127.0.0.1:5050 by default, and sweeps abandoned stagings.
 * Given the web app's production build (webDir), it serves the app too, on webPort as well
 * (5173: `npm start`), so the browser finds the app and its API on one origin.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { createApp } from '../http/app.js';
import { keptListingReads } from '../http/keptListingReads.js';
import { webAppRoutes } from '../http/webAppRoutes.js';
import { serveBlobs } from '../http/blobRoutes.js';
import { BLOBS_ROUTE } from '../ports/blobs.js';
import { logs } from '../logs.js';
import { refundAbandonedStages } from '../services/abandonedStages.js';
import { withheldListingPhotos } from '../services/listingPhotos.js';
import { loadConfig, LOCAL_SITE_URL } from '../config.js';
import { createJsonLogger, type Logger } from '../logs.js';
import type { Stager } from '../ports/stager.js';
import { filePageShell } from '../adapters/filePageShell.js';
import { openLocalDatabase } from '../adapters/local/database.js';
import { createPgliteStore } from '../adapters/local/pgliteStore.js';
import { DEV_ROUTE } from '../adapters/local/simulatedPayments.js';
import { createEngineRuntime } from '../stagers/engineRuntime.js';
import { createStager, describeStager } from '../stagers/selectStager.js';
import { createLocalDeps } from '../wiring/local.js';
import { authProxy } from './authProxy.js';
import { startControl, type Control } from './control.js';
import { CONTROL_ROUTE } from './controlFile.js';
import { DataFolderFault } from './dataFolderFault.js';
import { devPages } from './devPages.js';
import { SIMULATED_EBAY_ROUTE } from '../wiring/localEbay.js';
import { ebayServices } from '../services/ebayServices.js';
import { checkEbaySales } from '../services/ebaySales.js';
import { purgeDeletedPieces, sellingPieces } from '../services/books.js';
import { keepAccounts } from './keptAccounts.js';
import { recreateOrphanAccounts } from './orphanAccounts.js';
import { DEMO_LOGIN, seedDemo } from './seedDemo.js';
import { localSecurityHeaders, type SecurityHeaderSetter } from './securityHeaders.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEFAULT_LOCAL_PORT = 5050;
export const DEFAULT_LOCAL_HOST = '127.0.0.1';
export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEFAULT_WEB_PORT = 5173;

export interface LocalHostOptions {
  port?: number;
  host?: string;
  /** Database, blobs and the webhook secret live here; default {repo}/.local. */
  dataDir?: string;
  /** Public base URL for blob and checkout links; default http://{host}:{port}. */
  baseUrl?: string;
  authEmulatorHost?: string;
  /** Create the demo seller and listings on first start. */
  seed?: boolean;
  stager?: Stager;
  /** Worker threads that run the engine (stagers/engineRuntime.ts): default one per core, 0 for the request thread. */
  engineWorkers?: number;
  logger?: Logger;
  /** The web app's production build (scripts/lib/webBuild.mjs): served on both ports when given. */
  webDir?: string;
  /** The second port the app is served on, with webDir; default 5173, 0 for any free port. */
  webPort?: number;
  env?: Record<string, string | undefined>;
}

export interface LocalHost {
  url: string;
  /** The web app's address, when the host serves a build. */
  webUrl?: string;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

function listen(handler: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer(handler).listen(port, host);
    server.once('listening', () => resolvePromise(server));
    server.once('error', reject);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}

async function openDatabase(dir: string) {
  try {
    return await openLocalDatabase(dir);
  } catch (error) {
    throw new DataFolderFault(
      `The database in ${dir} cannot be opened (${error instanceof Error ? error.message : String(error)}). ` +
        `FlipStage did not start, so nothing was changed. Restore the folder from a backup (npm run restore -- FILE), ` +
        `or move the folder aside to start with an empty one.`,
    );
  }
}

export async function startLocalHost(options: LocalHostOptions = {}): Promise<LocalHost> {
  const startedAt = Date.now();
  const host = options.host ?? DEFAULT_LOCAL_HOST;
  const port = options.port ?? DEFAULT_LOCAL_PORT;
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, '.local'));
  const logger = options.logger ?? createJsonLogger();
  const env = options.env ?? process.env;
  // Photoroom when PHOTOROOM_API_KEY is set, as in production; the engine otherwise. No worker
  // starts before the first staging or preview.
  const engine = createEngineRuntime(options.engineWorkers ?? availableParallelism());
  const stager = options.stager ?? createStager(env, engine.stager);
  const chosen = describeStager(stager, env);
  logger.write('INFO', chosen.message, chosen.fields);
  mkdirSync(dataDir, { recursive: true });

  const emulatorHost =
    options.authEmulatorHost ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_AUTH_EMULATOR_HOST;
  // The Admin SDK reads the emulator address from the environment.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  // Accounts first: nobody signs in before the kept ones are back in the emulator.
  const accounts = await keepAccounts({ dir: join(dataDir, 'auth'), emulatorHost, logger });
  const firebase = initializeApp({ projectId: LOCAL_PROJECT_ID }, `flipstage-local-${randomUUID()}`);
  const auth = getAuth(firebase);

  const db = await openDatabase(join(dataDir, 'db')).catch(async (error: unknown) => {
    await accounts.close();
    await deleteApp(firebase);
    throw error;
  });
  const store = createPgliteStore(db);
  const config = loadConfig(env, { localPriceIds: true, defaultSiteUrl: LOCAL_SITE_URL });

  const app = express();
  app.disable('x-powered-by');
  const kept = keptListingReads({ store, logger });
  const signIns = authProxy({ emulatorHost, accounts, logger });
  // Known once the host's port is; the Auth emulator's own pages keep the emulator's headers.
  let secure: SecurityHeaderSetter | undefined;
  const handler: RequestListener = (req, res) => {
    if (signIns.answer(req, res)) return;
    secure?.(req, res);
    if (!kept.answer(req, res)) app(req, res);
  };
  let server: Server | null = null;
  let webServer: Server | null = null;
  let control: Control | undefined;
  try {
    // The base URL may depend on the port the OS picks, so the server starts before the URL is fixed.
    const routes = express.Router();
    app.use(routes);
    server = await listen(handler, port, host);
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    const baseUrl = (options.baseUrl ?? `http://${host}:${actualPort}`).replace(/\/+$/, '');
    secure = localSecurityHeaders({ webDir: options.webDir, apiOrigin: new URL(baseUrl).origin });

    const { analysis } = engine;
    const deps = createLocalDeps({ db, store, auth, dataDir, baseUrl, config, stager, analysis, logger, env });
    const { blobs, payments } = deps;
    routes.use(BLOBS_ROUTE, serveBlobs(blobs, logger, withheldListingPhotos(store)));
    if (deps.ebaySimulator) routes.use(SIMULATED_EBAY_ROUTE, deps.ebaySimulator);
    routes.use(DEV_ROUTE, devPages(payments, logger));
    // `npm run backup` and `restore` find the host by the control file this writes.
    control = await startControl({
      dataDir,
      url: `http://${host}:${actualPort}`,
      db,
      saveAccounts: accounts.save,
      logger,
    });
    routes.use(CONTROL_ROUTE, control.router);
    // The build it serves, else the one `npm run build` left, else the source index.html (the head
    // is right; Vite serves the rest).
    const pageShell = filePageShell([
      ...(options.webDir ? [join(options.webDir, 'index.html')] : []),
      join(REPO_ROOT, 'web', 'dist', 'index.html'),
      join(REPO_ROOT, 'web', 'index.html'),
    ]);
    routes.use(createApp({ ...deps, pageShell, keptListingReads: kept }));
    let webUrl: string | undefined;
    if (options.webDir) {
      routes.use(webAppRoutes(options.webDir));
      webServer = await listen(handler, options.webPort ?? DEFAULT_WEB_PORT, host);
      const webAddress = webServer.address();
      webUrl = `http://${host}:${typeof webAddress === 'object' && webAddress ? webAddress.port : options.webPort}`;
    }

    const seed = options.seed ?? true;
    await recreateOrphanAccounts({
      db,
      auth,
      emulatorHost,
      mail: deps.mail,
      siteUrl: webUrl ?? config.siteOrigins[0] ?? baseUrl,
      logger,
      // The seed makes the demo seller again with its known password.
      ...(seed ? { skip: new Set([DEMO_LOGIN.uid]) } : {}),
    });
    if (seed) {
      await seedDemo({
        auth,
        db,
        store,
        blobs,
        // The demo listings are staged by the engine even with a Photoroom key: they cost nothing.
        stager: options.stager ?? engine.stager,
        images: deps.images,
        samplesDir: join(REPO_ROOT, 'samples'),
        log: (line) => logger.write('INFO', line),
      });
    }

    await accounts.save();

    // A staging the previous run (or a crash) left half done is refunded now, and any left by a
    // request that dies in this run every minute after; payment events a crash left unsent are
    // sent again, as Stripe retries them.
    const sweep = (startedBefore?: number) => {
      void refundAbandonedStages({ store, blobs: deps.blobs, logger }, Date.now(), startedBefore).catch((error: unknown) =>
        logs.sweepFailed(logger, error),
      );
      void payments.redeliverEvents().catch((error: unknown) => logs.eventsNotDelivered(logger, error));
      // What sold on the (simulated) eBay is marked sold here, as Firebase mode's schedule does.
      void checkEbaySales(
        ebayServices({
          ...deps,
          // A piece sold on eBay is booked as eBay's sale.
          store: sellingPieces(store, deps.books.pieces, 'eBay'),
          setup: deps.ebay,
          priceIds: config.priceIds,
          siteOrigins: deps.config.siteOrigins,
          logger,
        }),
      ).catch((error: unknown) =>
        logger.write('WARNING', 'the eBay sales check failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      // Pieces deleted more than 30 days ago are purged, as Firebase mode's schedule does.
      void purgeDeletedPieces(deps.books.pieces, Date.now()).catch((error: unknown) =>
        logger.write('WARNING', 'the purge of deleted pieces failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    };
    sweep(startedAt);
    const sweeper = setInterval(() => sweep(), SWEEP_INTERVAL_MS).unref();

    const running = [server, ...(webServer ? [webServer] : [])];
    let closing: Promise<void> | null = null;
    return {
      url: baseUrl,
      ...(webUrl ? { webUrl } : {}),
      close() {
        closing ??= (async () => {
          clearInterval(sweeper);
          await Promise.all(running.map(closeServer));
          await engine.close();
          await accounts.close();
          await store.close();
          // Only once the database is closed may a script take the folder for one no host has open.
          await control?.close();
          await deleteApp(firebase);
        })();
        return closing;
      },
    };
  } catch (error) {
    server?.close();
    webServer?.close();
    await engine.close();
    await accounts.close();
    await store.close();
    await control?.close();
    await deleteApp(firebase);
    throw error;
  }
}
