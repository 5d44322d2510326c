/**
 * The simulated eBay's own web pages: a published listing as buyers would see it, with a button
 * that simulates a buyer purchasing it (an order FlipStage's sales check then finds).
 */
import { Router, type Response } from 'express';
import { escapeHtml } from '@flipstage/core';
import { newId, type SimMemory } from './simState.js';

export function simPage(res: Response, status: number, title: string, body: string): void {
  res.status(status).type('html').set('Cache-Control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · eBay (simulated)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f7f7f7;color:#191919;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:32px;max-width:640px;width:100%}
h1{font-size:1.4rem}.note{color:#666;font-size:.85rem}.price{font-size:1.8rem;font-weight:700}
img{max-width:180px;max-height:180px;margin:4px;border-radius:6px}
button{padding:12px 20px;border-radius:24px;border:0;font-size:1rem;margin:8px 8px 0 0;cursor:pointer}
.primary{background:#3665f3;color:#fff}.secondary{background:#e5e5e5}.danger{background:#b3261e;color:#fff}
</style></head><body><main>${body}</main></body></html>`);
}

export function simListingPages(memory: SimMemory, now: () => number = Date.now): Router {
  const state = memory.state;
  const router = Router();
  const offerOf = (listingId: string) => Object.values(state.offers).find((o) => o.listingId === listingId);

  router.get('/itm/:listingId', (req, res) => {
    const offer = offerOf(req.params.listingId);
    const item = offer && state.items[`${offer.userId}/${offer.sku}`];
    if (!offer || !item)
      return simPage(
        res,
        404,
        'Listing not found',
        '<h1>We looked everywhere.</h1><p>This listing does not exist.</p>',
      );
    const product = (item.product ?? {}) as { title?: string; description?: string; imageUrls?: string[] };
    const price = (offer.body.pricingSummary as { price?: { value?: string } } | undefined)?.price?.value ?? '';
    const sold = state.orders.some((o) => o.sku === offer.sku && o.userId === offer.userId);
    const status = sold ? 'Sold' : offer.status === 'PUBLISHED' ? 'Available' : 'This listing has ended';
    simPage(
      res,
      200,
      product.title ?? 'Listing',
      `<p class="note">Simulated eBay — local mode · item ${escapeHtml(req.params.listingId)}</p>
<h1>${escapeHtml(product.title ?? '')}</h1>
<div>${(product.imageUrls ?? []).map((url) => `<img src="${escapeHtml(url)}" alt="">`).join('')}</div>
<p class="price">US $${escapeHtml(price)}</p><p><strong>${status}</strong></p>
<p>${escapeHtml(product.description ?? '')}</p>
${offer.status === 'PUBLISHED' && !sold ? `<form method="post" action="${escapeHtml(req.params.listingId)}/buy"><button class="primary">Simulate a buyer purchasing it</button></form>` : ''}`,
    );
  });

  router.post('/itm/:listingId/buy', async (req, res) => {
    const offer = offerOf(req.params.listingId);
    if (!offer || offer.status !== 'PUBLISHED')
      return simPage(res, 410, 'Listing ended', '<h1>This listing has ended</h1>');
    state.orders.push({
      orderId: newId('order-'),
      userId: offer.userId,
      sku: offer.sku,
      creationDate: new Date(now()).toISOString(),
    });
    // An order takes the last one out of stock, and eBay ends a listing that has none left.
    offer.status = 'ENDED';
    await memory.save();
    res.redirect(303, `../${encodeURIComponent(req.params.listingId)}`);
  });
  return router;
}
