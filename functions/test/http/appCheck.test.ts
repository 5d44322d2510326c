/**
 * Issue 23: with APP_CHECK=enforce, the calls that cost money or grant credits (staging, checkout,
 * the billing portal, the account) need a Firebase App Check token the verifier accepts; the
 * Stripe webhook and the public marketplace never do. APP_CHECK=off lets every call through.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { createTestApp, TEST_APP_CHECK_TOKEN, TEST_WEBHOOK_SECRET, type TestApp } from '../helpers/testApp.js';
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

/** Each guarded call, signed in and otherwise valid. */
const guardedCalls = {
  'POST /api/account': (t: TestApp) => request(t.app).post('/api/account'),
  'GET /api/account': (t: TestApp) => request(t.app).get('/api/account'),
  'PATCH /api/account': (t: TestApp) => request(t.app).patch('/api/account').send({ name: 'Dana' }),
  'POST /api/stage': (t: TestApp) => request(t.app).post('/api/stage').field('style', 'modern'),
  'POST /api/stripe-create-checkout-session': (t: TestApp) =>
    request(t.app)
      .post('/api/stripe-create-checkout-session')
      .set('origin', origin)
      .send({ priceId: LOCAL_PRICE_IDS.base, successUrl: '/dashboard', cancelUrl: '/pricing' }),
  'POST /api/stripe-create-billing-session': (t: TestApp) =>
    request(t.app)
      .post('/api/stripe-create-billing-session')
      .send({ returnUrl: `${origin}/settings/general` }),
};

describe('App Check enforced', () => {
  it.each(Object.entries(guardedCalls))('refuses %s without a token with 401 and the message', async (_name, call) => {
    const response = await call(enforced).set('authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: { message: MESSAGES.appCheckRequired } });
  });

  it.each(Object.entries(guardedCalls))('refuses %s with a token the verifier rejects', async (_name, call) => {
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
      .set(APP_CHECK_HEADER, TEST_APP_CHECK_TOKEN);
    expect(response.status).toBe(200);
    expect(response.body.uid).toBe(user.uid);
  });

  it('lets a staging with a valid token through', async () => {
    const other = await signUpTestUser();
    const auth = `Bearer ${other.idToken}`;
    await request(enforced.app)
      .post('/api/account')
      .set('authorization', auth)
      .set(APP_CHECK_HEADER, TEST_APP_CHECK_TOKEN);
    const response = await request(enforced.app)
      .post('/api/stage')
      .set('authorization', auth)
      .set(APP_CHECK_HEADER, TEST_APP_CHECK_TOKEN)
      .field('style', 'modern')
      .field('furnitureType', 'dresser')
      .attach('imageFile', await jpegBytes(), { filename: 'dresser.jpg', contentType: 'image/jpeg' });
    expect(response.status).toBe(200);
    expect(response.body.creditsRemaining).toBe(9);
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
