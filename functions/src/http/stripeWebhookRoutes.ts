/** The Stripe webhook route (DESIGN §5): the raw signed bytes go to the service unparsed. */
import express, { Router, type Request, type RequestHandler } from 'express';
import type { WebhookAck } from '@flipstage/core';
import { handleStripeWebhook, type StripeWebhookDeps } from '../services/stripeWebhooks.js';
import { requestLogger } from './requestContext.js';

/**
 * A signed webhook must be checked on the exact bytes signed (Stripe's here, eBay's notices in
 * ebayRoutes.ts): Cloud Functions keeps them in req.rawBody.
 */
export const rawBody: RequestHandler = (req, res, next) => {
  const kept = (req as Request & { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(kept)) {
    req.body = kept;
    next();
    return;
  }
  express.raw({ type: () => true, limit: '1mb' })(req, res, next);
};

export function stripeWebhookRoutes(deps: Omit<StripeWebhookDeps, 'logger'>): Router {
  const router = Router();
  router.post('/stripe-webhook', rawBody, async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await handleStripeWebhook({ ...deps, logger: requestLogger(res) }, body, req.get('stripe-signature'));
    res.json({ received: true } satisfies WebhookAck);
  });

  return router;
}
