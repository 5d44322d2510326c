/**
 * The simulated Stripe Checkout and Customer Portal pages of local mode (/dev/…): plain
 * server-rendered HTML. Confirming sends the same signed events Stripe would.
 */
import express, { Router, type ErrorRequestHandler, type Response } from 'express';
import { escapeHtml, formatPlanPrice, MESSAGES, type Plan } from '@flipstage/core';
import type { SimulatedPayments } from '../adapters/local/simulatedPayments.js';
import { logs, type Logger } from '../logs.js';
import { sendText } from '../http/plainText.js';


function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · FlipStage (local)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f1ec;color:#222;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;max-width:440px;width:100%}
h1{font-size:1.4rem;margin:0 0 4px}.note{color:#666;font-size:.85rem}.price{font-size:2rem;font-weight:700;margin:16px 0 4px}
ul{padding-left:20px}button,a.button{display:block;width:100%;box-sizing:border-box;padding:12px;border-radius:8px;border:0;font-size:1rem;margin-top:12px;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:#2f6f4f;color:#fff}.secondary{background:#e8e4dd;color:#222}.danger{background:#b3261e;color:#fff}
</style></head><body><main>${body}</main></body></html>`;
}

function planSummary(plan: Plan): string {
  return `<ul>${plan.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
}

function sendPage(res: Response, status: number, title: string, body: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(page(title, body));
}

/** The simulation's session ids (`cs_sim_…`, `bps_sim_…`); anything else names no page and never reaches the database. */
const SESSION_ID = /^[a-z]+_sim_[0-9a-f]{1,64}$/;

export function devPages(payments: SimulatedPayments, logger: Logger): Router {
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '4kb' }));
  router.param('id', (_req, res, next, id: string) => {
    if (SESSION_ID.test(id)) return next();
    sendText(res, 404, MESSAGES.notFound);
  });

  const fail = (res: Response, error: unknown) => {
    logs.requestFailed(logger, error);
    sendPage(
      res,
      500,
      'Something went wrong',
      '<h1>Something went wrong</h1><p>The simulated payment could not be completed. Check the local host log.</p>',
    );
  };

  router.get('/checkout/:id', async (req, res) => {
    const view = await payments.checkoutView(req.params.id);
    if (!view) return sendPage(res, 404, 'Checkout not found', '<h1>Checkout not found</h1>');
    if (view.status !== 'open') return sendPage(res, 410, 'Checkout closed', '<h1>This checkout is closed</h1>');
    const price = `${formatPlanPrice(view.plan)}`;
    const trial = view.trialDays
      ? `<p><strong>${view.trialDays}-day free trial</strong>, then ${price} per month.</p>`
      : `<p>${price} per month.</p>`;
    const action = `/dev/checkout/${encodeURIComponent(view.id)}`;
    sendPage(
      res,
      200,
      `Subscribe to ${view.plan.name}`,
      `<p class="note">Simulated Stripe Checkout — local mode, no real payment</p>
<h1>FlipStage ${escapeHtml(view.plan.name)}</h1>
<div class="price">${price}<span class="note"> / month</span></div>${trial}${planSummary(view.plan)}
<form method="post" action="${action}/confirm"><button class="primary" type="submit">${view.trialDays ? 'Start trial' : 'Pay'}</button></form>
<form method="post" action="${action}/cancel"><button class="secondary" type="submit">Cancel</button></form>`,
    );
  });

  router.post('/checkout/:id/confirm', async (req, res) => {
    try {
      res.redirect(303, await payments.confirmCheckout(req.params.id));
    } catch (error) {
      fail(res, error);
    }
  });

  router.post('/checkout/:id/cancel', async (req, res) => {
    try {
      res.redirect(303, await payments.abandonCheckout(req.params.id));
    } catch (error) {
      fail(res, error);
    }
  });

  router.get('/portal/:id', async (req, res) => {
    const view = await payments.portalView(req.params.id);
    if (!view) return sendPage(res, 404, 'Portal session not found', '<h1>Portal session not found</h1>');
    const action = `/dev/portal/${encodeURIComponent(view.id)}`;
    const sub = view.subscription;
    const live = sub && sub.status !== 'canceled';
    const current = sub
      ? `<h1>${escapeHtml(sub.plan?.name ?? 'Unknown plan')}</h1><p>Status: <strong>${escapeHtml(sub.status)}</strong>${sub.plan ? ` · ${formatPlanPrice(sub.plan)} per month` : ''}</p>`
      : '<h1>No subscription</h1>';
    const switches = view.otherPlans
      .map(
        (plan) =>
          `<form method="post" action="${action}/switch"><input type="hidden" name="plan" value="${escapeHtml(plan.id)}"><button class="secondary" type="submit">Switch to ${escapeHtml(plan.name)} (${formatPlanPrice(plan)} per month)</button></form>`,
      )
      .join('');
    const cancel = live
      ? `<form method="post" action="${action}/cancel"><button class="danger" type="submit">Cancel subscription</button></form>`
      : '';
    sendPage(
      res,
      200,
      'Billing portal',
      `<p class="note">Simulated Stripe Customer Portal — local mode</p>${current}${switches}${cancel}
<a class="button primary" href="${escapeHtml(view.returnUrl)}">Return to FlipStage</a>`,
    );
  });

  router.post('/portal/:id/cancel', async (req, res) => {
    try {
      res.redirect(303, await payments.cancelFromPortal(req.params.id));
    } catch (error) {
      fail(res, error);
    }
  });

  router.post('/portal/:id/switch', async (req, res) => {
    try {
      const plan = typeof req.body?.plan === 'string' ? req.body.plan : '';
      res.redirect(303, await payments.switchPlan(req.params.id, plan));
    } catch (error) {
      fail(res, error);
    }
  });

  router.use((_req, res) => sendText(res, 404, MESSAGES.notFound));

  // A malformed address (bad percent-encoding) or a body the parser refuses: plain text, never a stack trace.
  const failed: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return sendText(res, status, error instanceof URIError ? MESSAGES.invalidAddress : MESSAGES.notFound);
    fail(res, error);
  };
  router.use(failed);

  return router;
}
