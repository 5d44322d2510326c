/**
 * Issue 23: with APP_CHECK=enforce, what is given away must be asked for from the app: checkout
 * and the billing portal need a Firebase App Check token the verifier accepts, and the sign-up
 * credits come only with an account call that carries one (signupCredits.test.ts). Account calls
 * and staging work without one (the CLI has none), but a token that fails is refused everywhere.
 * The Stripe webhook and the public marketplace never look. APP_CHECK=off lets every call through.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { createTestApp, limitedUseTestToken, TEST_APP_CHECK_TOKEN, TEST_WEBHOOK_SECRET, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { jpegBytes } from '../helpers/images.js';
import { signStripePayload } from '../../src/adapters/stripeWebhook.js';

let enforced: TestApp;
let off: TestApp;
let user: TestUser;
beforeAll(async () => {
  [enforced, off, user] = await Promise.all([
    createTestApp({ config: { appCheck: 'enforce' } }),
    createTestApp({ config: { appCheck: 'off' } }),
    signUpTestUser(),
  ]);
});
afterAll(async () => {
  await enforced.close();
  await off.close();
});

const origin = 'http://127.0.0.1:5173';

const checkout = (t: TestApp) =>
  request(t.app)
    .post('/api/stripe-create-checkout-session')
    .set('origin', origin)
    .send({ priceId: LOCAL_PRICE_IDS.base, successUrl: '/dashboard', cancelUrl: '/pricing' });

/** The calls that need a token, signed in and otherwise valid. */
const guardedCalls = {
  'POST /api/stripe-create-checkout-session': checkout,
  'POST /api/stripe-create-billing-session': (t: TestApp) =>
    request(t.app)
      .post('/api/stripe-create-billing-session')
      .send({ returnUrl: `${origin}/settings/general` }),
};

/** The calls that look at a token sent, and work without one. */
const attestedCalls = {
  'POST /api/account': (t: TestApp) => request(t.app).post('/api/account'),
  'GET /api/account': (t: TestApp) => request(t.app).get('/api/account'),
  'PATCH /api/account': (t: TestApp) => request(t.app).patch('/api/account').send({ name: 'Dana' }),
};

const stage = async (t: TestApp, auth: string) =>
  request(t.app)
    .post('/api/stage')
    .set('authorization', auth)
    .field('style', 'modern')
    .field('furnitureType', 'dresser')
    .attach('imageFile', await jpegBytes(), { filename: 'dresser.jpg', contentType: 'image/jpeg' });

describe('App Check enforced', () => {
  it.each(Object.entries(guardedCalls))('refuses %s without a token with 401 and the message', async (_name, call) => {
    const response = await call(enforced).set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.appCheckRequired } });
  });

  it.each(Object.entries({ ...guardedCalls, ...attestedCalls }))('refuses %s with a token the verifier rejects', async (_name, call) => {
    const response = await call(enforced)
      .set('authorization', `Bearer ${user.idToken}`)
      .set(APP_CHECK_HEADER, 'forged-token');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.appCheckInvalid } });
  });

  it('asks a signed-out caller to sign in before anything else', async () => {
    const response = await request(enforced.app).post('/api/account');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.signInRequired } });
  });

  it('lets an account call with a valid token through', async () => {
    const response = await request(enforced.app)
      .post('/api/account')
      .set('authorization', `Bearer ${user.idToken}`)
      .set(APP_CHECK_HEADER, limitedUseTestToken());
    expect(response.status).toBe(200);
    expect(response.body.uid).toBe(user.uid);
  });

  it.each(Object.entries(attestedCalls))('answers %s without a token (the CLI has none)', async (_name, call) => {
    await request(enforced.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    const response = await call(enforced).set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(200);
    expect(response.body.uid).toBe(user.uid);
  });

  it('stages without a token, spending credits the app gave (the CLI has none)', async () => {
    const other = await signUpTestUser();
    const auth = `Bearer ${other.idToken}`;
    await request(enforced.app).post('/api/account').set('authorization', auth).set(APP_CHECK_HEADER, limitedUseTestToken());
    const response = await stage(enforced, auth);
    expect(response.status).toBe(200);
    expect(response.body.creditsRemaining).toBe(9);
  });

  it('opens checkout with a valid token', async () => {
    const response = await checkout(enforced)
      .set('authorization', `Bearer ${user.idToken}`)
      .set(APP_CHECK_HEADER, TEST_APP_CHECK_TOKEN);
    expect(response.status).toBe(200);
  });

  it('never asks the Stripe webhook for a token', async () => {
    const payload = JSON.stringify({ id: 'evt_app_check', type: 'customer.created', data: { object: {} } });
    const response = await request(enforced.app)
      .post('/api/stripe-webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', signStripePayload(payload, TEST_WEBHOOK_SECRET))
      .send(payload);
    expect(response.status).toBe(200);
  });

  it('never asks the public marketplace reads for a token', async () => {
    const response = await request(enforced.app).get('/api/marketplace-get-items?search=&tag=');
    expect(response.status).toBe(200);
  });
});

describe('App Check off', () => {
  it('lets an account call without a token through', async () => {
    const response = await request(off.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(200);
  });
});
