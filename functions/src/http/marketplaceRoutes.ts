/** Marketplace listings (DESIGN §4): browse and search for everyone, create and update when signed in. */
import { Router, type Request } from 'express';
import { ITEM_STAGED_FROM_FIELD, MAX_ITEM_IMAGE_BYTES, MAX_ITEM_IMAGES } from '@flipstage/core';
import type { Identity } from '../ports.js';
import { createItem, searchItems, updateItem, type ListingDeps } from '../services/listings.js';
import { currentUser, maybeUser, optionalUser, requireUser } from './auth.js';
import { parseMultipart } from './multipart.js';

const queryString = (req: Request, name: string) => (typeof req.query[name] === 'string' ? req.query[name] : undefined);

async function itemSubmission(req: Request, uid: string) {
  // One file over the limit is refused as "too many" rather than silently dropped.
  const body = await parseMultipart(req, {
    fileFields: ['images'],
    maxFiles: MAX_ITEM_IMAGES,
    maxFileBytes: MAX_ITEM_IMAGE_BYTES,
  });
  return {
    uid,
    fields: body.fields,
    images: (body.files.get('images') ?? []).map((data) => ({ data })),
    stagedFrom: body.lists[ITEM_STAGED_FROM_FIELD] ?? [],
  };
}

export function marketplaceRoutes(deps: ListingDeps & { identity: Identity }): Router {
  const router = Router();

  router.get('/marketplace-get-items', optionalUser(deps.identity), async (req, res) => {
    res.json(
      await searchItems(deps, {
        search: queryString(req, 'search'),
        tag: queryString(req, 'tag'),
        cursor: queryString(req, 'cursor'),
        viewer: maybeUser(res)?.uid ?? null,
      }),
    );
  });

  router.post('/marketplace-create-item', requireUser(deps.identity), async (req, res) => {
    const item = await createItem(deps, await itemSubmission(req, currentUser(res).uid));
    res.status(201).json(item);
  });

  router.put('/marketplace-update-item', requireUser(deps.identity), async (req, res) => {
    res.json(await updateItem(deps, queryString(req, 'id'), await itemSubmission(req, currentUser(res).uid)));
  });

  return router;
}
