/** The signed-in user's own account and image edits (DESIGN §1: read by the SPA in local mode). */
import express, { Router, type RequestHandler, type Response } from 'express';
import {
  accountResponse,
  imageEditsQuerySchema,
  MESSAGES,
  parseWith,
  type AccountResponse,
  type ClientAddressResponse,
  type ImageEditsPage,
} from '@flipstage/core';
import type { AppCheckVerifier } from '../ports/appCheck.js';
import type { Identity } from '../ports/identity.js';
import type { Blobs } from '../ports/blobs.js';
import type { Store } from '../ports/store.js';
import type { AppConfig } from '../config.js';
import { createAccount, getAccountView, updateProfile, type AccountView } from '../services/accounts.js';
import { invalid } from '../services/errors.js';
import { getImageEdits, listImageEdits } from '../services/imageEdits.js';
import { attestApp } from './appCheck.js';
import { clientAddressKey } from './clientAddress.js';
import { requireUser, currentUser } from './auth.js';
import { sendError } from './errors.js';
import type { FairUseGates } from './fairUseGates.js';

export function accountRoutes(deps: {
  store: Store;
  blobs: Blobs;
  identity: Identity;
  appCheck: AppCheckVerifier;
  config: AppConfig;
  fairUse: FairUseGates;
}): Router {
  const router = Router();
  const auth = [requireUser(deps.identity), attestApp(deps.appCheck, deps.config.appCheck, { consume: true })];

  const sendAccount = (res: Response, { user, signupCreditsPending }: AccountView) =>
    res.json({
      ...accountResponse(user, deps.config.priceIds),
      ...(signupCreditsPending === undefined ? {} : { signupCreditsPending }),
    } satisfies AccountResponse);

  // Signing in again calls this too; only an account about to be made counts against the address.
  const countNewAccount: RequestHandler = async (req, res, next) => {
    if (await deps.store.getAccount(currentUser(res).uid)) return next();
    deps.fairUse.newAccount(req, res, next);
  };

  router.post('/account', ...auth, countNewAccount, async (req, res) => {
    sendAccount(res, await createAccount(deps, currentUser(res), deps.fairUse.trialAllowance(req)));
  });

  router.get('/account', ...auth, async (_req, res) => {
    const view = await getAccountView(deps, currentUser(res));
    if (!view) return sendError(res, 404, MESSAGES.notFound);
    sendAccount(res, view);
  });

  router.patch('/account', ...auth, express.json({ limit: '16kb' }), async (req, res) => {
    sendAccount(res, await updateProfile(deps, currentUser(res), req.body));
  });

  router.get('/client-address', (req, res) => {
    res.json({ address: clientAddressKey(req) } satisfies ClientAddressResponse);
  });

  router.get('/image-edits', requireUser(deps.identity), async (req, res) => {
    const { cursor, ids } = parseWith(imageEditsQuerySchema, req.query, invalid);
    const uid = currentUser(res).uid;
    const page = ids
      ? { data: await getImageEdits(deps, uid, ids), nextCursor: null }
      : await listImageEdits(deps, uid, cursor);
    res.json(page satisfies ImageEditsPage);
  });

  return router;
}
