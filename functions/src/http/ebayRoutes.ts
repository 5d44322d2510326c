/**
 * Publishing to eBay (issue 41): the seller's connection, consent and its callback, the publish
 * form's options, publishing, a listing's eBay post, and eBay's account deletion notifications.
 * Every seller route needs the Flipper or Premium plan (403 otherwise) except disconnecting, which
 * a lapsed subscriber may always do. Without eBay set up, every route answers 503 saying so.
 */
import express, { Router, type Response } from 'express';
import {
  EBAY_MESSAGES,
  EBAY_PATHS,
  ebayConnectRequestSchema,
  ebayFinishRequestSchema,
  ebayPublishOptionsQuerySchema,
  ebayPublishRequestSchema,
  itemIdSchema,
  parseWith,
  type EbayConnection,
  type EbayPost,
  type EbayPublishOptions,
  type EbayRefusal,
} from '@flipstage/core';
import type { Identity } from '../ports/identity.js';
import { invalid, ServiceError } from '../services/errors.js';
import { ebayConnection } from '../services/ebayAccess.js';
import { requireMarketplacesPlan } from '../services/marketplacePlan.js';
import { completeConsent, consentReturn, consentUrl } from '../services/ebayConsent.js';
import { EbayPublishRefused } from '../services/ebayErrors.js';
import { ebayPostOf, publishOptions, publishToEbay } from '../services/ebayPublish.js';
import { applyDeletionNotice, challengeResponse, signedByEbay } from '../services/ebayDeletion.js';
import type { EbayServices } from '../services/ebayServices.js';
import { currentUser, requireUser } from './auth.js';
import { sendError } from './errors.js';
import { rawBody } from './stripeWebhookRoutes.js';

const path = (full: string) => full.replace(/^\/api/, '');

export function ebayRoutes(services: EbayServices | null, identity: Identity): Router {
  const router = Router();
  if (!services) {
    for (const full of Object.values(EBAY_PATHS))
      router.all(path(full), (_req, res) => sendError(res, 503, EBAY_MESSAGES.notConfigured));
    return router;
  }
  const signedIn = requireUser(identity);
  const json = express.json({ limit: '16kb' });
  const uidOf = (res: Response) => currentUser(res).uid;

  router.get(path(EBAY_PATHS.connection), signedIn, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json((await ebayConnection(services, uidOf(res))) satisfies EbayConnection);
  });

  router.post(path(EBAY_PATHS.connect), signedIn, json, async (req, res) => {
    const { returnTo } = parseWith(ebayConnectRequestSchema, req.body ?? {}, invalid);
    await requireMarketplacesPlan(services, uidOf(res));
    res.json({ url: consentUrl(services, uidOf(res), returnTo) });
  });

  // eBay sends the browser here, with no bearer token: it goes on to the seller's page, which finishes.
  router.get(path(EBAY_PATHS.callback), (req, res) => {
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    res.redirect(303, consentReturn(services, { code: text(req.query.code), state: text(req.query.state) }));
  });

  router.post(path(EBAY_PATHS.finish), signedIn, json, async (req, res) => {
    const body = parseWith(ebayFinishRequestSchema, req.body ?? {}, invalid);
    await completeConsent(services, uidOf(res), body);
    res.json((await ebayConnection(services, uidOf(res))) satisfies EbayConnection);
  });

  router.post(path(EBAY_PATHS.disconnect), signedIn, async (_req, res) => {
    const uid = uidOf(res);
    await services.ebay.records.deleteConnection(uid);
    services.access.forget(uid);
    res.json({ revokeAtEbayUrl: services.ebay.api.revokeAtEbayUrl() });
  });

  router.get(path(EBAY_PATHS.publishOptions), signedIn, async (req, res) => {
    const query = parseWith(ebayPublishOptionsQuerySchema, req.query, invalid);
    res.json((await publishOptions(services, uidOf(res), query)) satisfies EbayPublishOptions);
  });

  router.post(path(EBAY_PATHS.publish), signedIn, json, async (req, res) => {
    const request = parseWith(ebayPublishRequestSchema, req.body ?? {}, invalid);
    try {
      res.status(201).json((await publishToEbay(services, uidOf(res), request)) satisfies EbayPost);
    } catch (error) {
      if (!(error instanceof EbayPublishRefused)) throw error;
      res.status(422).json({ error: { message: error.message }, fields: error.fields } satisfies EbayRefusal);
    }
  });

  router.get(path(EBAY_PATHS.listing), signedIn, async (req, res) => {
    const id = parseWith(itemIdSchema, req.query.id, invalid);
    await requireMarketplacesPlan(services, uidOf(res));
    res.json({ post: await ebayPostOf(services, uidOf(res), id) });
  });

  router.get(path(EBAY_PATHS.accountDeletion), (req, res) => {
    const code = req.query.challenge_code;
    if (typeof code !== 'string' || !code) throw new ServiceError('invalid', 'challenge_code is required');
    res.json({ challengeResponse: challengeResponse(code, services.ebay.deletion) });
  });

  // The body's bytes as eBay signed them: the signature is checked before anything is read from it.
  router.post(path(EBAY_PATHS.accountDeletion), rawBody, async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!(await signedByEbay(services.ebay, body, req.get('x-ebay-signature')))) {
      // 412 is what eBay's own notification SDK answers a notice it cannot verify.
      res.status(412).json({ error: { message: 'The notice is not signed by eBay' } });
      return;
    }
    if (!(await applyDeletionNotice(services, parseJson(body))))
      throw new ServiceError('invalid', 'Not an account deletion notice');
    res.status(204).end();
  });
  return router;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
