/**
 * Billing sessions: the trial terms anyone may read, checkout sessions, the billing portal, and
 * redirect URLs that stay on the site.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { t, origin, newUser, checkout, subscribe, portalSessionId, account, useBillingApp } from './billingSetup.js';

useBillingApp();

describe('GET /api/billing-terms', () => {
  it('tells anyone, signed in or not, the trial a first subscription gets', async () => {
    const response = await request(t.app).get('/api/billing-terms');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ trialDays: 7 });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('POST /api/stripe-create-checkout-session', () => {
  it('creates a session with a 7-day trial for the first subscription and resolves same-site paths', async () => {
    const user = await newUser();
    const response = await checkout(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^cs_/),
      url: `http://127.0.0.1:5999/dev/checkout/${response.body.id}`,
    });
    const view = await t.payments.checkoutView(response.body.id);
    expect(view).toMatchObject({ plan: { id: 'base' }, trialDays: 7, cancelUrl: `${origin}/pricing` });
  });

  it('creates the Stripe customer once and reuses it', async () => {
    const user = await newUser();
    await checkout(user);
    const first = (await account(user)).stripeCustomerId;
    await checkout(user, LOCAL_PRICE_IDS.premium);
    expect(first).toMatch(/^cus_/);
    expect((await account(user)).stripeCustomerId).toBe(first);
  });

  it('gives no trial after a first subscription', async () => {
    const user = await newUser();
    await subscribe(user);
    await t.payments.cancelFromPortal(await portalSessionId(user));
    const again = await checkout(user, LOCAL_PRICE_IDS.flipper);
    expect((await t.payments.checkoutView(again.body.id))?.trialDays).toBeNull();
  });

  it('answers 400 for an unknown price id', async () => {
    const user = await newUser();
    const response = await checkout(user, 'price_unknown');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.unknownPriceId } });
  });

  it('answers 500 with the spec’s checkout message when the payment provider fails', async () => {
    const user = await newUser();
    const original = t.payments.createCheckoutSession;
    t.payments.createCheckoutSession = () => Promise.reject(new Error('provider down'));
    try {
      const response = await checkout(user);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ error: { message: MESSAGES.checkoutSessionError } });
    } finally {
      t.payments.createCheckoutSession = original;
    }
  });
});

describe('POST /api/stripe-create-billing-session', () => {
  it('answers with the error status and message without a Stripe customer', async () => {
    const user = await newUser();
    const response = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ returnUrl: `${origin}/settings/general` });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 'error', message: MESSAGES.noStripeCustomer });
  });

  it('refuses a customer whose plan is not active', async () => {
    const user = await newUser();
    await checkout(user);
    const response = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ returnUrl: `${origin}/settings/general` });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: 'error', message: MESSAGES.planNotActive });
  });

  it('returns the portal URL for an active plan', async () => {
    const user = await newUser();
    await subscribe(user);
    const response = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .set('origin', origin)
      .send({ returnUrl: '/settings/general' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      data: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:5999\/dev\/portal\/bps_/) },
    });
  });
});

describe('redirect URLs stay on the site', () => {
  const offSite = [
    'https://evil.example/dashboard',
    'https://flipstage.app.evil.com/dashboard',
    'http://127.0.0.1.evil.com:5173/dashboard',
    'javascript:alert(document.cookie)',
    '//evil.example/dashboard',
  ];
  let user: TestUser;
  beforeAll(async () => {
    user = await newUser();
  });

  const good = { successUrl: `${origin}/dashboard?paid=true`, cancelUrl: `${origin}/pricing` };

  it.each(offSite.flatMap((url) => [['successUrl', url] as const, ['cancelUrl', url] as const]))(
    'answers 400 to a checkout whose %s is %s',
    async (field, url) => {
      const response = await request(t.app)
        .post('/api/stripe-create-checkout-session')
        .set('authorization', `Bearer ${user.idToken}`)
        .set('origin', origin)
        .send({ priceId: LOCAL_PRICE_IDS.base, ...good, [field]: url });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { message: MESSAGES.redirectOffSite } });
    },
  );

  it.each(offSite)('answers 400 to a billing portal whose returnUrl is %s', async (url) => {
    const response = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .set('origin', origin)
      .send({ returnUrl: url });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 'error', message: MESSAGES.redirectOffSite });
  });

  it('keeps absolute URLs on the site’s origin, as the web app sends them', async () => {
    const response = await checkout(user);
    const view = await t.payments.checkoutView(response.body.id);
    expect(view?.cancelUrl).toBe(`${origin}/pricing`);
    const absolute = await request(t.app)
      .post('/api/stripe-create-checkout-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ priceId: LOCAL_PRICE_IDS.base, ...good });
    expect(absolute.status).toBe(200);
  });
});
