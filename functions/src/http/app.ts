/**
 * The Express app behind /api in both modes (DESIGN §1, §4): the `api` Cloud Function and the
 * local host mount this same app. Handlers stay thin: parse, authorize, call a service, map errors.
 */
import express, { type Express } from 'express';
import { MESSAGES } from '@flipstage/core';
import { BLOBS_ROUTE, type Blobs, type ServedBlobs } from '../ports/blobs.js';
import type { AppCheckVerifier } from '../ports/appCheck.js';
import type { ConversationEvents } from '../ports/conversationEvents.js';
import type { PieceStore } from '../ports/pieces.js';
import type { MailNotices } from '../ports/conversations.js';
import type { Images } from '../ports/images.js';
import type { PhotoAnalysis } from '../ports/analysis.js';
import type { Identity } from '../ports/identity.js';
import type { Payments } from '../ports/payments.js';
import type { PageShell } from '../ports/pageShell.js';
import type { Stager } from '../ports/stager.js';
import type { Store } from '../ports/store.js';
import type { AppConfig } from '../config.js';
import { createJsonLogger, type Logger } from '../logs.js';
import { accountRoutes } from './accountRoutes.js';
import { serveBlobs } from './blobRoutes.js';
import { priceSuggestionRoutes } from './priceSuggestionRoutes.js';
import { withheldListingPhotos } from '../services/listingPhotos.js';
import { trustProxy } from './clientAddress.js';
import { toVerifiedAddresses } from '../services/verifiedMail.js';
import { checkoutRoutes } from './checkoutRoutes.js';
import { conversationRoutes } from './conversationRoutes.js';
import { errorHandler, sendError } from './errors.js';
import { marketplaceRoutes } from './marketplaceRoutes.js';
import { marketplaceKitRoutes } from './marketplaceKitRoutes.js';
import { moderationRoutes } from './moderationRoutes.js';
import { listingPageRoutes } from './listingPageRoutes.js';
import { requestContext } from './requestContext.js';
import { stageRoutes } from './stageRoutes.js';
import { stageProgressRoutes } from './stageProgressRoutes.js';
import { stripeWebhookRoutes } from './stripeWebhookRoutes.js';
import { createFairUseGates } from './fairUseGates.js';
import type { KeptListingReads } from './keptListingReads.js';
import type { FairUseRules } from '../services/fairUse.js';
import type { EbaySetup } from '../services/ebayAccess.js';
import { ebayServices } from '../services/ebayServices.js';
import { withdrawingFromEbay } from '../services/ebaySales.js';
import { ebayRoutes } from './ebayRoutes.js';
import { booksRoutes } from './booksRoutes.js';
import { sellingPieces } from '../services/books.js';

export interface AppDeps {
  store: Store;
  blobs: Blobs;
  /** Blobs the app serves itself at /api/blobs (the Emulator Suite without a Storage emulator). */
  servedBlobs?: ServedBlobs;
  payments: Payments;
  identity: Identity;
  appCheck: AppCheckVerifier;
  stager: Stager;
  images: Images;
  /** The engine's look at a photo before a charge (POST /api/stage/preview). */
  analysis: PhotoAnalysis;
  config: AppConfig;
  /** Email notices of new messages: the Trigger Email extension's `mail` collection, or the local outbox. */
  mail: MailNotices;
  /** Conversation changes pushed to the local host's open pages (server-sent events). */
  /** Local mode's live updates (GET /api/conversations/events); null in Firebase mode, where the app reads Firestore live. */
  conversationEvents: ConversationEvents | null;
  logger?: Logger;
  /** Fair-use limits; the defaults in services/fairUse.ts unless a test needs small ones. */
  fairUseRules?: FairUseRules;
  /** The SPA's index.html: with it, the light area serves the listing pages (/marketplace/{id}) too. */
  pageShell?: PageShell;
  /** The door in front of the app that answers kept marketplace reads without Express (the local host's server). */
  keptListingReads?: KeptListingReads;
  /** Publishing to eBay (issue 41); absent where eBay is not set up, and its routes say so. */
  ebay?: EbaySetup;
  /**
   * The seller's books (issue 42). Local mode serves the app's every call (`all`); Firebase mode,
   * where the app writes Firestore itself, only the export, for the CLI.
   */
  books: { pieces: PieceStore; scope: 'all' | 'export' };
}

export const API_PREFIX = '/api';

/**
 * The API's parts, by the kind of work they do: `staging` decodes photos and runs a stager (heavy,
 * few at once), `light` is everything else (account, marketplace, checkout, portal, webhooks).
 * Production serves each from its own function sized for it; the local host serves both.
 */
export type ApiArea = 'light' | 'staging';
export const ALL_API_AREAS: readonly ApiArea[] = ['light', 'staging'];

export function createApp(deps: AppDeps, areas: readonly ApiArea[] = ALL_API_AREAS): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(deps.config.clientAddress));
  const logger = deps.logger ?? createJsonLogger();
  app.use(requestContext(logger));

  const fairUse = createFairUseGates(deps.fairUseRules);
  const needVerifiedEmail = deps.config.verifiedEmailRequired;
  const mail = toVerifiedAddresses(deps.mail, {
    identity: deps.identity,
    store: deps.store,
    needVerifiedEmail,
    logger,
  });
  // A listing sold through the API moves the pieces linked to it to sold.
  deps = { ...deps, store: sellingPieces(deps.store, deps.books.pieces) };
  // With eBay set up, every write that takes a listing off the market also ends its eBay listing.
  const ebay = deps.ebay
    ? ebayServices({
        ...deps,
        setup: deps.ebay,
        mail,
        priceIds: deps.config.priceIds,
        siteOrigins: deps.config.siteOrigins,
        logger,
      })
    : null;
  if (ebay) deps = { ...deps, store: withdrawingFromEbay(deps.store, ebay) };
  const api = express.Router();
  if (areas.includes('light')) {
    api.use(ebayRoutes(ebay && { ...ebay, store: deps.store }, deps.identity));
    api.use(accountRoutes({ ...deps, fairUse }));
    api.use(marketplaceRoutes({ ...deps, fairUse }));
    api.use(priceSuggestionRoutes({ ...deps, fairUse }));
    api.use(marketplaceKitRoutes({ ...deps, priceIds: deps.config.priceIds, fairUse }));
    api.use(conversationRoutes({ ...deps, mail, fairUse }));
    api.use(moderationRoutes({ ...deps, mail, fairUse }));
    api.use(checkoutRoutes(deps));
    api.use(stageProgressRoutes(deps));
    api.use(stripeWebhookRoutes(deps));
    api.use(booksRoutes({ ...deps, ...deps.books }));
  }
  if (areas.includes('staging')) api.use(stageRoutes({ ...deps, priceIds: deps.config.priceIds, fairUse }));
  if (deps.servedBlobs) {
    api.use(BLOBS_ROUTE, serveBlobs(deps.servedBlobs, logger, withheldListingPhotos(deps.store)));
  }
  api.use((_req, res) => sendError(res, 404, MESSAGES.notFound));

  if (areas.includes('light') && deps.pageShell) {
    const siteUrl = deps.config.siteOrigins[0] ?? '';
    app.use(listingPageRoutes({ store: deps.store, shell: deps.pageShell, siteUrl }));
  }
  app.use(API_PREFIX, api);
  app.use(errorHandler);
  return app;
}
