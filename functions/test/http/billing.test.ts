import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { createTestApp, TEST_WEBHOOK_SECRET, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { signStripePayload } from '../../src/adapters/stripeWebhook.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const origin = 'http://127.0.0.1:5173';

async function newUser(): Promise<TestUser> {
  const user = await signUpTestUser();
  await request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`);
  return user;
}

function checkout(user: TestUser, priceId: string = LOCAL_PRICE_IDS.base) {
  return request(t.app)
    .post('/api/stripe-create-checkout-session')
    .set('authorization', `Bearer ${user.idToken}`)
    .set('origin', origin)
    .send({ priceId, successUrl: '/dashboard?paid=true', cancelUrl: '/pricing' });
}

async function subscribe(user: TestUser, priceId: string = LOCAL_PRICE_IDS.base): Promise<void> {
  const session = await checkout(user, priceId);
  expect(session.status).toBe(200);
  await t.payments.confirmCheckout(session.body.id);
}

const account = async (user: TestUser) =>
  (await request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`)).body;

function postEvent(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return request(t.app)
    .post('/api/stripe-webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature ?? signStripePayload(payload, TEST_WEBHOOK_SECRET))
    .send(payload);
}

async function invoicePaid(user: TestUser, id: string, billingReason = 'subscription_cycle') {
  const customer = (await account(user)).stripeCustomerId as string;
  const subscriptionId = (await t.store.getAccount(user.uid))!.customer.stripeSubscriptionId;
  return {
    id,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_${id}`,
        object: 'invoice',
        customer,
        billing_reason: billingReason,
        parent: { subscription_details: { subscription: subscriptionId } },
      },
    },
  };
}

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

  it('answers 400 for a redirect URL that is not http(s)', async () => {
    const user = await newUser();
    const response = await request(t.app)
      .post('/api/stripe-create-checkout-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({
        priceId: LOCAL_PRICE_IDS.base,
        successUrl: 'javascript:alert(1)',
        cancelUrl: 'https://x.example/pricing',
      });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.urlRequired } });
  });
});

describe('checkout completion through signed webhooks', () => {
  it('activates the trial plan and adds the plan’s monthly credits to the sign-up credits', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    expect(await account(user)).toMatchObject({
      planId: LOCAL_PRICE_IDS.flipper,
      stripeSubscriptionStatus: 'trialing',
      planIsActive: true,
      isFreeTrial: true,
      creditsRemaining: 60,
    });
  });

  it('adds the new plan’s credits on an upgrade and keeps the existing ones', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.base);
    const portal = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ returnUrl: `${origin}/settings/general` });
    const portalId = new URL(portal.body.data.url).pathname.split('/').pop()!;
    await t.payments.switchPlan(portalId, 'premium');
    expect(await account(user)).toMatchObject({ planId: LOCAL_PRICE_IDS.premium, creditsRemaining: 10 + 25 + 450 });
    const reasons = (await t.store.listLedger(user.uid)).map((e) => e.reason);
    expect(reasons).toContain('upgrade');
  });

  it('marks the plan inactive when the subscription is deleted', async () => {
    const user = await newUser();
    await subscribe(user);
    const portal = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ returnUrl: `${origin}/settings/general` });
    await t.payments.cancelSubscription(new URL(portal.body.data.url).pathname.split('/').pop()!);
    expect(await account(user)).toMatchObject({
      stripeSubscriptionStatus: 'canceled',
      planIsActive: false,
      isFreeTrial: false,
    });
  });
  it('ignores a late event about an ended subscription once a new one replaced it', async () => {
    const user = await newUser();
    await subscribe(user);
    const oldSubscription = (await t.store.getAccount(user.uid))!.customer.stripeSubscriptionId!;
    const portal = await request(t.app)
      .post('/api/stripe-create-billing-session')
      .set('authorization', `Bearer ${user.idToken}`)
      .send({ returnUrl: `${origin}/settings/general` });
    await t.payments.cancelSubscription(new URL(portal.body.data.url).pathname.split('/').pop()!);
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    const late = {
      id: `evt_late_${user.uid}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: 1,
      data: { object: { id: oldSubscription } },
    };
    expect((await postEvent(late)).status).toBe(200);
    expect(await account(user)).toMatchObject({
      planId: LOCAL_PRICE_IDS.flipper,
      stripeSubscriptionStatus: 'active',
      planIsActive: true,
    });
  });
});

describe('POST /api/stripe-webhook', () => {
  it('answers 400 for a bad signature and changes nothing', async () => {
    const user = await newUser();
    await subscribe(user);
    const before = await account(user);
    const event = await invoicePaid(user, `evt_bad_${user.uid}`);
    const forged = signStripePayload(JSON.stringify(event), 'whsec_someone_else');
    const response = await postEvent(event, forged);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: MESSAGES.webhookSignatureInvalid } });
    expect(await account(user)).toEqual(before);
  });

  it('answers 400 without a signature header', async () => {
    const response = await request(t.app)
      .post('/api/stripe-webhook')
      .set('content-type', 'application/json')
      .send('{}');
    expect(response.status).toBe(400);
  });

  it('adds the plan’s credits for a paid invoice', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.base);
    const response = await postEvent(await invoicePaid(user, `evt_renew_${user.uid}`));
    expect(response.status).toBe(200);
    expect((await account(user)).creditsRemaining).toBe(10 + 25 + 25);
  });

  it('applies the same event delivered 5 times once', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.base);
    const event = await invoicePaid(user, `evt_dup_${user.uid}`);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postEvent(event)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await account(user)).creditsRemaining).toBe(10 + 25 + 25);
  });

  it('answers 200 for an event type it does not use', async () => {
    const response = await postEvent({
      id: 'evt_other',
      object: 'event',
      type: 'charge.refunded',
      created: 1,
      data: { object: { id: 'ch_1' } },
    });
    expect(response.status).toBe(200);
  });

  it('answers 500 when the handler fails, so Stripe retries', async () => {
    const event = {
      id: 'evt_broken',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_does_not_exist' } },
    };
    const response = await postEvent(event);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { message: MESSAGES.internalError } });
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
