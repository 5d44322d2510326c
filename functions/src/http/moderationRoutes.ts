/**
 * Reports and their review (issue 40): POST /api/reports for a verified account; the review queue
 * and decisions for moderators; a seller's own hidden and removed listings.
 */
import express, { Router, type Response } from 'express';
import {
  moderationDecisionSchema,
  parseWith,
  reportSchema,
  type ModerationOutcome,
  type ModerationQueue,
  type OwnListingModerations,
} from '@flipstage/core';
import type { AppConfig } from '../config.js';
import type { Identity } from '../ports/identity.js';
import type { MailNotices, Store } from '../ports/store.js';
import { invalid } from '../services/errors.js';
import { decideListing, ownListingModeration, reviewQueue } from '../services/moderation.js';
import type { SellerNoticeDeps } from '../services/moderationNotices.js';
import type { Blobs } from '../ports/blobs.js';
import { report } from '../services/reports.js';
import { currentUser, requireUser } from './auth.js';
import type { FairUseGates } from './fairUseGates.js';
import { requestLogger } from './requestContext.js';

interface RouteDeps {
  store: Store;
  blobs: Blobs;
  mail: MailNotices;
  identity: Identity;
  config: Pick<AppConfig, 'siteOrigins' | 'verifiedEmailRequired'>;
  fairUse: FairUseGates;
}

export function moderationRoutes(deps: RouteDeps): Router {
  const router = Router();
  const signedIn = requireUser(deps.identity);
  const json = express.json({ limit: '16kb' });
  const notices = (res: Response): SellerNoticeDeps => ({
    store: deps.store,
    mail: deps.mail,
    siteOrigins: deps.config.siteOrigins,
    logger: requestLogger(res),
  });

  router.post('/reports', signedIn, deps.fairUse.messages, json, async (req, res) => {
    const input = parseWith(reportSchema, req.body, invalid);
    const reportDeps = { ...notices(res), needVerifiedEmail: deps.config.verifiedEmailRequired };
    const { status } = await report(reportDeps, currentUser(res), input);
    res.status(201).json({ reported: true, status });
  });

  router.get('/moderation/reports', signedIn, async (_req, res) => {
    res.json({ data: await reviewQueue(deps, currentUser(res)) } satisfies ModerationQueue);
  });

  router.post('/moderation/decision', signedIn, json, async (req, res) => {
    const decision = parseWith(moderationDecisionSchema, req.body, invalid);
    res.json((await decideListing(notices(res), currentUser(res), decision)) satisfies ModerationOutcome);
  });

  router.get('/moderation/own-listings', signedIn, async (_req, res) => {
    const data = await ownListingModeration(deps, currentUser(res).uid);
    res.json({ data } satisfies OwnListingModerations);
  });

  return router;
}
