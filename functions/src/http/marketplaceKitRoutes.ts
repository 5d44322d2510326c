/**
 * Post to marketplaces (issue 41): where the seller's listing is posted, and the kits for the sites
 * with no listing API. Every route is the listing owner's on a plan that includes the feature
 * (services/marketplacePosts.ts), refused in words otherwise.
 */
import { pipeline } from 'node:stream/promises';
import express, { Router } from 'express';
import {
  itemIdSchema,
  kitPhotosQuerySchema,
  kitQuerySchema,
  MARKETPLACE_PATHS,
  parseWith,
  postStateSchema,
  recordPostSchema,
  type ListingKit,
  type MarketplacePost,
  type MarketplacePosts,
  type PriceIdConfig,
} from '@flipstage/core';
import type { Blobs } from '../ports/blobs.js';
import type { Identity } from '../ports/identity.js';
import type { Images } from '../ports/images.js';
import type { Store } from '../ports/store.js';
import { invalid } from '../services/errors.js';
import { kitArchive, listingKit } from '../services/marketplaceKits.js';
import { changePostState, listingPosts, recordKitPost } from '../services/marketplacePosts.js';
import { currentUser, requireUser } from './auth.js';
import type { FairUseGates } from './fairUseGates.js';
import { logs } from '../logs.js';
import { requestLogger } from './requestContext.js';

interface RouteDeps {
  store: Store;
  blobs: Blobs;
  images: Images;
  identity: Identity;
  priceIds: PriceIdConfig;
  fairUse: FairUseGates;
}

/** The API paths are absolute; the router is mounted under /api. */
const route = (path: string) => path.replace(/^\/api/, '');

export function marketplaceKitRoutes(deps: RouteDeps): Router {
  const router = Router();
  const signedIn = requireUser(deps.identity);
  const json = express.json({ limit: '16kb' });

  router.get(route(MARKETPLACE_PATHS.posts), signedIn, async (req, res) => {
    const id = parseWith(itemIdSchema, req.query.id, invalid);
    res.json({ data: await listingPosts(deps, currentUser(res).uid, id) } satisfies MarketplacePosts);
  });

  router.post(route(MARKETPLACE_PATHS.posts), signedIn, deps.fairUse.listingWrites, json, async (req, res) => {
    const request = parseWith(recordPostSchema, req.body, invalid);
    res.status(201).json((await recordKitPost(deps, currentUser(res).uid, request)) satisfies MarketplacePost);
  });

  router.post(route(MARKETPLACE_PATHS.postState), signedIn, json, async (req, res) => {
    const request = parseWith(postStateSchema, req.body, invalid);
    res.json((await changePostState(deps, currentUser(res).uid, request)) satisfies MarketplacePost);
  });

  router.get(route(MARKETPLACE_PATHS.kit), signedIn, async (req, res) => {
    const query = parseWith(kitQuerySchema, req.query, invalid);
    res.json((await listingKit(deps, currentUser(res).uid, query)) satisfies ListingKit);
  });

  // Each archive resizes every photo again: counted with the listing writes, which cost as much.
  router.get(route(MARKETPLACE_PATHS.kitPhotos), signedIn, deps.fairUse.listingWrites, async (req, res) => {
    const query = parseWith(kitPhotosQuerySchema, req.query, invalid);
    const archive = await kitArchive(deps, currentUser(res).uid, query);
    res.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${archive.filename}"`,
      'Cache-Control': 'private, no-store',
    });
    try {
      await pipeline(archive.stream, res);
    } catch (error) {
      // A download the browser cancelled is no failure of ours. Otherwise the headers are gone: the
      // broken connection is the client's only signal, and this log ours.
      if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      logs.requestFailed(requestLogger(res), error);
    }
  });

  return router;
}
