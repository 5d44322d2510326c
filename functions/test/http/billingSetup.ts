/**
 * The billing tests' shared set-up: one test app per file, its users checking out and subscribing
 * through the simulated Stripe, and Stripe's events signed as the webhook expects them.
 */
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { LOCAL_PRICE_IDS } from '@flipstage/core';
import { createTestApp, signUpWithAccount, TEST_WEBHOOK_SECRET, type TestApp } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { signStripePayload } from '../../src/adapters/stripeWebhook.js';

export let t: TestApp;

/** Registers the app's start and close around the calling test file. */
export function useBillingApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

export const origin = 'http://127.0.0.1:5173';

export const newUser = (): Promise<TestUser> => signUpWithAccount(t.app);

export function checkout(user: TestUser, priceId: string = LOCAL_PRICE_IDS.base) {
  return request(t.app)
    .post('/api/stripe-create-checkout-session')
    .set('authorization', `Bearer ${user.idToken}`)
    .set('origin', origin)
    .send({ priceId, successUrl: '/dashboard?paid=true', cancelUrl: '/pricing' });
}

export async function subscribe(user: TestUser, priceId: string = LOCAL_PRICE_IDS.base): Promise<void> {
  const session = await checkout(user, priceId);
  expect(session.status).toBe(200);
  await t.payments.confirmCheckout(session.body.id);
}

export async function portalSessionId(user: TestUser): Promise<string> {
  const portal = await request(t.app)
    .post('/api/stripe-create-billing-session')
    .set('authorization', `Bearer ${user.idToken}`)
    .send({ returnUrl: `${origin}/settings/general` });
  expect(portal.status).toBe(200);
  return new URL(portal.body.data.url).pathname.split('/').pop()!;
}

export const account = async (user: TestUser) =>
  (await request(t.app).get('/api/account').set('authorization', `Bearer ${user.idToken}`)).body;

export function postEvent(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return request(t.app)
    .post('/api/stripe-webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature ?? signStripePayload(payload, TEST_WEBHOOK_SECRET))
    .send(payload);
}

export async function invoicePaid(user: TestUser, id: string, billingReason = 'subscription_cycle', total = 800) {
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
        total,
        amount_paid: total,
        parent: { subscription_details: { subscription: subscriptionId } },
      },
    },
  };
}
