/** Stripe checkout and billing portal routes, and the billing terms the pricing page states (DESIGN §4, §5). */
import express, { Router, type Request } from 'express';
import {
  IDEMPOTENCY_HEADER,
  MESSAGES,
  type BillingSessionResponse,
  type BillingTermsResponse,
  type CheckoutSessionResponse,
} from '@flipstage/core';
import type { AppCheckVerifier } from '../ports/appCheck.js';
import type { Identity } from '../ports/identity.js';
import { createBillingPortalUrl, createCheckoutSession, type CheckoutDeps } from '../services/checkout.js';
import { requireAppCheck } from './appCheck.js';
import { currentUser, requireUser } from './auth.js';
import { describeFailure, sendError } from './errors.js';
import { requestLogger } from './requestContext.js';
import { logs } from '../logs.js';

/** The browser's origin, to resolve the same-site paths the spec's client sends as redirect URLs. */
function callerOrigin(req: Request): string | null {
  const origin = req.get('origin');
  if (origin && /^https?:\/\/[^/\s]+$/i.test(origin)) return origin;
  const referer = req.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin;
    } catch {
      return null;
    }
  }
  return null;
}

export function checkoutRoutes(deps: CheckoutDeps & { identity: Identity; appCheck: AppCheckVerifier }): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });
  const signedInFromApp = [requireUser(deps.identity), requireAppCheck(deps.appCheck, deps.config.appCheck)];

  router.post('/stripe-create-checkout-session', ...signedInFromApp, json, async (req, res) => {
    try {
      const session = await createCheckoutSession(deps, currentUser(res), {
        body: req.body,
        origin: callerOrigin(req),
        idempotencyKey: req.get(IDEMPOTENCY_HEADER),
      });
      res.json(session satisfies CheckoutSessionResponse);
    } catch (error) {
      // A provider or server failure gets the spec's checkout message rather than the generic one.
      if (describeFailure(error).status < 500) throw error;
      logs.requestFailed(requestLogger(res), error);
      sendError(res, 500, MESSAGES.checkoutSessionError);
    }
  });

  router.post('/stripe-create-billing-session', ...signedInFromApp, json, async (req, res) => {
    let response: BillingSessionResponse;
    try {
      const url = await createBillingPortalUrl(deps, currentUser(res).uid, {
        body: req.body,
        origin: callerOrigin(req),
      });
      response = { status: 'success', data: { url } };
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.status >= 500) logs.requestFailed(requestLogger(res), error);
      const message = failure.status >= 500 ? MESSAGES.billingSessionError : failure.message;
      res.status(failure.status).json({ status: 'error', message } satisfies BillingSessionResponse);
      return;
    }
    res.json(response);
  });

  router.get('/billing-terms', (_req, res) => {
    // Public and the same for everyone; a deploy that changes TRIAL_DAYS shows within minutes.
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json({ trialDays: deps.config.trialDays } satisfies BillingTermsResponse);
  });

  return router;
}
