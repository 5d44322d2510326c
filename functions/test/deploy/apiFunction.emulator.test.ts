/**
 * The deployable bundle serves the Express app inside the real Cloud Functions runtime: the
 * Functions emulator, which runs offline. Firestore and Storage are not needed for these requests.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@flipstage/core';
import { WEBHOOK_SECRET, baseUrl, useFunctionsBundle } from './apiFunctionBundle.js';

useFunctionsBundle({ serve: true });

describe('the api function in the Functions emulator', () => {
  it('answers a request without a token with 401 and the JSON error shape', async () => {
    const response = await fetch(`${baseUrl}/api/account`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.signInRequired } });
  });

  it('leaves staging to the stage function: api answers POST /api/stage with 404', async () => {
    const response = await fetch(`${baseUrl}/api/stage`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.notFound } });
  });

  it('serves POST /api/stage from the stage function, which asks for a signed-in user first', async () => {
    const response = await fetch(`${baseUrl.replace(/\/api$/, '/stage')}/api/stage`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.signInRequired } });
  });

  it('serves POST /api/stage/preview from the stage function, which asks for a signed-in user first', async () => {
    const response = await fetch(`${baseUrl.replace(/\/api$/, '/stage')}/api/stage/preview`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.signInRequired } });
  });

  it('serves nothing but staging from the stage function', async () => {
    const response = await fetch(`${baseUrl.replace(/\/api$/, '/stage')}/api/account`, { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('serves a listing page from the index.html it carries: an id no listing can have is 404, noindex', async () => {
    const response = await fetch(`${baseUrl}/marketplace/no.such.listing`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta data-static-meta name="robots" content="noindex" />');
    expect(html).toContain('<div id="root"></div>');
  });

  it('answers an unknown API path with 404 and the JSON error shape', async () => {
    const response = await fetch(`${baseUrl}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.notFound } });
  });

  it('verifies a Stripe webhook against the raw body Cloud Functions kept', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await fetch(`${baseUrl}/api/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it('refuses a Stripe webhook whose signature does not match the body', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: payload.replace('forged', 'signed'),
      secret: WEBHOOK_SECRET,
    });
    const response = await fetch(`${baseUrl}/api/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: MESSAGES.webhookSignatureInvalid } });
  });
});
