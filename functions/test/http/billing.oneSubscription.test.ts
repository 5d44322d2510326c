/**
 * One trial and one live subscription per customer: stacked checkouts grant one trial, the extra
 * subscriptions are cancelled, and replayed or late events change nothing.
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { type SimulatedEvent } from '../helpers/testApp.js';
import { type TestUser } from '../helpers/emulatorUsers.js';
import { t, newUser, checkout, subscribe, portalSessionId, account, postEvent, useBillingApp } from './billingSetup.js';

useBillingApp();

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
