/**
 * Billing through signed Stripe webhooks: a completed checkout activates its plan and credits, and
 * the webhook refuses bad signatures, applies an event once and asks Stripe to retry a failure.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { signStripePayload } from '../../src/adapters/stripeWebhook.js';
import {
  t,
  newUser,
  subscribe,
  portalSessionId,
  account,
  postEvent,
  invoicePaid,
  useBillingApp,
} from './billingSetup.js';

useBillingApp();

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
    await t.payments.switchPlan(await portalSessionId(user), 'premium');
    expect(await account(user)).toMatchObject({ planId: LOCAL_PRICE_IDS.premium, creditsRemaining: 10 + 25 + 450 });
    const reasons = (await t.store.listLedger(user.uid)).map((e) => e.reason);
    expect(reasons).toContain('upgrade');
  });

  it('marks the plan inactive when the subscription is deleted', async () => {
    const user = await newUser();
    await subscribe(user);
    await t.payments.cancelFromPortal(await portalSessionId(user));
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
    await t.payments.cancelFromPortal(await portalSessionId(user));
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
