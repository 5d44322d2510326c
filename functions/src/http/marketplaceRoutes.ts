/**
 * Marketplace listings (DESIGN §4): browse, search, open one listing and a seller's listings for
 * everyone; create (idempotent by its Idempotency-Key), update and delete when signed in.
 */
import { Router, type Request, type Response } from 'express';
import {
  IDEMPOTENCY_HEADER,
  ITEM_IMAGES_FIELD,
  ITEM_STAGED_FROM_FIELD,
  itemIdSchema,
  itemsQuerySchema,
  MAX_ITEM_IMAGE_BYTES,
  MAX_ITEM_IMAGES,
  MAX_ITEM_UPLOAD_BYTES,
  MESSAGES,
  parseWith,
  sellerItemsQuerySchema,
  type Item,
} from '@flipstage/core';
import type { AppConfig } from '../config.js';
import type { Identity } from '../ports/identity.js';
import { invalid } from '../services/errors.js';
import { listingReads, type ListingRead } from '../services/listingReads.js';
import { createItem, deleteItem, updateItem, type MarketplaceDeps } from '../services/marketplace.js';
import { currentUser, maybeUser, optionalUser, requireUser } from './auth.js';
import type { FairUseGates } from './fairUseGates.js';
import type { KeptListingReads } from './keptListingReads.js';
import { requireVerifiedPerson } from './verifiedPerson.js';
import { parseMultipart } from './multipart.js';

/** `?id=`: missing is the service's 404; present, it must be an id the store could hold. */
const itemId = (req: Request) =>
  req.query.id === undefined ? undefined : parseWith(itemIdSchema, req.query.id, invalid);

async function itemSubmission(req: Request, uid: string) {
  // One file over the limit is refused as "too many" rather than silently dropped.
  const body = await parseMultipart(req, {
    fileFields: [ITEM_IMAGES_FIELD],
    maxFiles: MAX_ITEM_IMAGES,
    maxFileBytes: MAX_ITEM_IMAGE_BYTES,
    maxTotal: { bytes: MAX_ITEM_UPLOAD_BYTES, message: MESSAGES.listingImagesTooLarge },
  });
  return {
    uid,
    fields: body.fields,
    images: (body.files.get(ITEM_IMAGES_FIELD) ?? []).map((data) => ({ data })),
    stagedFrom: body.lists[ITEM_STAGED_FROM_FIELD] ?? [],
  };
}

export function marketplaceRoutes(
  deps: MarketplaceDeps & {
    identity: Identity;
    fairUse: FairUseGates;
    keptListingReads?: KeptListingReads;
    config: Pick<AppConfig, 'verifiedEmailRequired'>;
  },
): Router {
  const router = Router();

  const reads = listingReads(deps);

  /**
   * Revalidated on every use (a sale shows at once) but answered 304 while unchanged; private, as a
   * signed-in seller's pages hold their own sold and hidden listings. The door in front of the app
   * (keptListingReads.ts) is told what this address answered, to answer it next time itself.
   */
  function sendRead(req: Request, res: Response, viewer: string | null, read: ListingRead): void {
    // Express answers 304 itself when the request's If-None-Match holds this ETag.
    res.set({ ETag: read.etag, 'Cache-Control': 'private, no-cache' }).type('json').send(read.body);
    deps.keptListingReads?.remember(req.originalUrl, viewer, read);
  }

  router.get('/marketplace-get-items', optionalUser(deps.identity), async (req, res) => {
    const query = parseWith(itemsQuerySchema, req.query, invalid);
    const viewer = maybeUser(res)?.uid ?? null;
    sendRead(req, res, viewer, await reads.page({ ...query, viewer }));
  });

  router.get('/marketplace-get-item', optionalUser(deps.identity), async (req, res) => {
    const viewer = maybeUser(res)?.uid ?? null;
    sendRead(req, res, viewer, await reads.detail(itemId(req), viewer));
  });

  router.get('/marketplace-seller-items', optionalUser(deps.identity), async (req, res) => {
    const query = parseWith(sellerItemsQuerySchema, req.query, invalid);
    const viewer = maybeUser(res)?.uid ?? null;
    sendRead(req, res, viewer, await reads.sellerItems({ ...query, viewer }));
  });

  const signedIn = requireUser(deps.identity);
  const writeGates = [signedIn, deps.fairUse.listingWrites, deps.fairUse.upload];
  // A new listing is seen by everyone: only a verified person may make one.
  const createGates = [
    signedIn,
    requireVerifiedPerson(deps.config.verifiedEmailRequired),
    deps.fairUse.listingWrites,
    deps.fairUse.upload,
  ];
  router.post('/marketplace-create-item', ...createGates, async (req, res) => {
    const submission = await itemSubmission(req, currentUser(res).uid);
    const { item, created } = await createItem(deps, { ...submission, idempotencyKey: req.get(IDEMPOTENCY_HEADER) });
    res.status(created ? 201 : 200).json(item satisfies Item);
  });

  router.put('/marketplace-update-item', ...writeGates, async (req, res) => {
    const id = itemId(req);
    res.json((await updateItem(deps, id, await itemSubmission(req, currentUser(res).uid))) satisfies Item);
  });

  router.delete(
    '/marketplace-delete-item',
    requireUser(deps.identity),
    deps.fairUse.listingWrites,
    async (req, res) => {
      await deleteItem(deps, itemId(req), currentUser(res).uid);
      res.status(204).end();
    },
  );

  return router;
}
