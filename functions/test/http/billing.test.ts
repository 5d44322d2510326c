import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import {
  createTestApp,
  signUpWithAccount,
  TEST_WEBHOOK_SECRET,
  type SimulatedEvent,
  type TestApp,
} from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { signStripePayload } from '../../src/adapters/stripeWebhook.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const origin = 'http://127.0.0.1:5173';

const newUser = (): Promise<TestUser> => signUpWithAccount(t.app);

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

async function portalSessionId(user: TestUser): Promise<string> {
  const portal = await request(t.app)
    .post('/api/stripe-create-billing-session')
    .set('authorization', `Bearer ${user.idToken}`)
    .send({ returnUrl: `${origin}/settings/general` });
  expect(portal.status).toBe(200);
  return new URL(portal.body.data.url).pathname.split('/').pop()!;
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

async function invoicePaid(user: TestUser, id: string, billingReason = 'subscription_cycle', total = 800) {
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

describe('one trial and one live subscription per customer', () => {
  const customerOf = async (user: TestUser) => (await t.store.getAccount(user.uid))!.customer.stripeCustomerId!;

  /** Every event the simulated provider sent about this customer's subscriptions, oldest first. */
  async function subscriptionsOf(user: TestUser): Promise<string[]> {
    const customer = await customerOf(user);
    return t.webhooks.sent
      .filter((e) => e.type === 'customer.subscription.created' && e.data.object.customer === customer)
      .map((e) => e.data.object.id as string);
  }

  async function eventsOf(user: TestUser): Promise<SimulatedEvent[]> {
    const customer = await customerOf(user);
    return t.webhooks.sent.filter((e) => e.data.object.customer === customer);
  }

  /** The attack: three Premium checkouts opened before any completes, then all three completed. */
  async function stackThreePremiumTrials(user: TestUser): Promise<void> {
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const session = await checkout(user, LOCAL_PRICE_IDS.premium);
      expect(session.status).toBe(200);
      sessions.push(session.body.id as string);
    }
    for (const id of sessions) await t.payments.confirmCheckout(id);
  }

  it('grants one trial’s credits when three Premium checkouts opened together are all completed', async () => {
    const user = await newUser();
    await stackThreePremiumTrials(user);
    expect((await account(user)).creditsRemaining).toBe(10 + 450);
    expect((await t.store.listLedger(user.uid)).filter((e) => e.delta > 0).map((e) => e.ref)).toEqual([
      'trial',
      'signup',
    ]);
  });

  it('cancels the extra subscriptions of stacked checkouts and shows the one still live', async () => {
    const user = await newUser();
    await stackThreePremiumTrials(user);
    const [first, ...extra] = await subscriptionsOf(user);
    expect(extra).toHaveLength(2);
    for (const id of extra) expect((await t.payments.getSubscription(id)).status).toBe('canceled');
    expect((await t.payments.getSubscription(first!)).status).toBe('trialing');
    expect((await t.store.getAccount(user.uid))!.customer).toMatchObject({
      stripeSubscriptionId: first,
      stripeSubscriptionStatus: 'trialing',
      stripePriceId: LOCAL_PRICE_IDS.premium,
    });
  });

  it('shows canceled and grants nothing more once the stacked account cancels in the portal', async () => {
    const user = await newUser();
    await stackThreePremiumTrials(user);
    await t.payments.cancelFromPortal(await portalSessionId(user));
    expect(await account(user)).toMatchObject({
      stripeSubscriptionStatus: 'canceled',
      planIsActive: false,
      creditsRemaining: 10 + 450,
    });
    const statuses = await Promise.all(
      (await subscriptionsOf(user)).map(async (id) => (await t.payments.getSubscription(id)).status),
    );
    expect(statuses).toEqual(['canceled', 'canceled', 'canceled']);
  });

  it('changes nothing when every event of the stacked checkouts is delivered again after cancelling', async () => {
    const user = await newUser();
    await stackThreePremiumTrials(user);
    await t.payments.cancelFromPortal(await portalSessionId(user));
    const before = await account(user);
    for (const event of await eventsOf(user)) expect((await postEvent(event)).status).toBe(200);
    expect(await account(user)).toEqual(before);
  });

  it('changes nothing when the same events arrive again under new ids, as late copies', async () => {
    const user = await newUser();
    await stackThreePremiumTrials(user);
    const before = await account(user);
    for (const event of await eventsOf(user)) {
      expect((await postEvent({ ...event, id: `${event.id}_copy` })).status).toBe(200);
    }
    expect(await account(user)).toEqual(before);
  });

  it('grants the trial once when invoice.paid arrives before customer.subscription.created', async () => {
    const user = await newUser();
    const session = await checkout(user, LOCAL_PRICE_IDS.flipper);
    t.webhooks.held = [];
    await t.payments.confirmCheckout(session.body.id);
    const held = t.webhooks.held;
    t.webhooks.held = null;
    const byType = (type: string) => held.find((e) => e.type === type)!;
    for (const type of [
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]) {
      expect((await postEvent(byType(type))).status).toBe(200);
    }
    expect(await account(user)).toMatchObject({ stripeSubscriptionStatus: 'trialing', creditsRemaining: 10 + 50 });
  });

  it('keeps the canceled state when a customer.subscription.updated older than it arrives', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.flipper);
    const created = (await eventsOf(user)).find((e) => e.type === 'customer.subscription.created')!;
    await t.payments.cancelFromPortal(await portalSessionId(user));
    const stale = { ...created, id: `evt_stale_${user.uid}`, type: 'customer.subscription.updated' };
    expect(stale.data.object.status).toBe('trialing');
    expect((await postEvent(stale)).status).toBe(200);
    expect(await account(user)).toMatchObject({ stripeSubscriptionStatus: 'canceled', creditsRemaining: 10 + 50 });
  });

  it('answers 409 to a checkout while a trial is live, without creating a session', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.base);
    const original = t.payments.createCheckoutSession;
    let created = 0;
    t.payments.createCheckoutSession = (input) => {
      created++;
      return original(input);
    };
    try {
      const response = await checkout(user, LOCAL_PRICE_IDS.premium);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: { message: MESSAGES.subscriptionExists } });
      expect(created).toBe(0);
    } finally {
      t.payments.createCheckoutSession = original;
    }
  });

  it('answers 409 to a checkout while a paid plan is active', async () => {
    const user = await newUser();
    await subscribe(user, LOCAL_PRICE_IDS.base);
    await t.payments.switchPlan(await portalSessionId(user), 'flipper');
    expect((await account(user)).stripeSubscriptionStatus).toBe('active');
    const response = await checkout(user, LOCAL_PRICE_IDS.premium);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { message: MESSAGES.subscriptionExists } });
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
