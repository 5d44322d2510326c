/** The signed-in user's own account and image edits (DESIGN §1: read by the SPA in local mode). */
import express, { Router, type Response } from 'express';
import {
  accountResponse,
  imageEditsQuerySchema,
  MESSAGES,
  parseWith,
  type AccountResponse,
  type ImageEditsPage,
  type MergedUser,
} from '@flipstage/core';
import type { Identity } from '../ports/identity.js';
import type { Store } from '../ports/store.js';
import type { AppConfig } from '../config.js';
import { createAccount, getMergedUser, updateProfile } from '../services/accounts.js';
import { invalid } from '../services/errors.js';
import { listImageEdits } from '../services/imageEdits.js';
import { requireUser, currentUser } from './auth.js';
import { sendError } from './errors.js';

export function accountRoutes(deps: { store: Store; identity: Identity; config: AppConfig }): Router {
  const router = Router();
  const auth = requireUser(deps.identity);

  const sendAccount = (res: Response, user: MergedUser) =>
    res.json(accountResponse(user, deps.config.priceIds) satisfies AccountResponse);

  router.post('/account', auth, async (_req, res) => {
    sendAccount(res, await createAccount(deps.store, currentUser(res)));
  });

  router.get('/account', auth, async (_req, res) => {
    const user = await getMergedUser(deps.store, currentUser(res), deps.config.mergeDbUser);
    if (!user) return sendError(res, 404, MESSAGES.notFound);
    sendAccount(res, user);
  });

  router.patch('/account', auth, express.json({ limit: '16kb' }), async (req, res) => {
    sendAccount(res, await updateProfile(deps.store, currentUser(res), req.body));
  });

  router.get('/image-edits', auth, async (req, res) => {
    const { cursor } = parseWith(imageEditsQuerySchema, req.query, invalid);
    res.json((await listImageEdits(deps.store, currentUser(res).uid, cursor)) satisfies ImageEditsPage);
  });

  return router;
}
