/** The simulated provider's events are delivered as Stripe delivers them: in order, and again until accepted. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { verifyStripeEvent } from '../../../src/adapters/stripeWebhook.js';
import { simulatedEvents } from '../../../src/adapters/local/simulatedEvents.js';
import { openTestDatabase } from '../../helpers/testDatabase.js';

const SECRET = 'whsec_test_events';
let db: PGlite;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(() => db.close());

/** A webhook route that refuses its first `failures` deliveries, and records what it accepted. */
function route(failures: number) {
  const accepted: string[] = [];
  let refused = 0;
  return {
    accepted,
    async deliver(payload: string, signature: string) {
      if (refused++ < failures) throw new Error('Webhook delivery failed with 500');
      accepted.push(verifyStripeEvent(new TextEncoder().encode(payload), signature, SECRET).type);
    },
  };
}

describe('simulated payment events', () => {
  it('are delivered in the order they were recorded, each signed for the webhook route', async () => {
    const webhook = route(0);
    const events = simulatedEvents({ db, webhookSecret: SECRET, deliver: webhook.deliver });
    await db.transaction(async (tx) => {
      await events.record(tx, 'checkout.session.completed', { id: 'cs_1' });
      await events.record(tx, 'invoice.paid', { id: 'in_1' });
    });
    await events.deliverPending();
    expect(webhook.accepted).toEqual(['checkout.session.completed', 'invoice.paid']);
  });

  it('are sent again after a refused delivery, and an accepted one is never sent twice', async () => {
    const webhook = route(1);
    const events = simulatedEvents({ db, webhookSecret: SECRET, deliver: webhook.deliver });
    await db.transaction((tx) => events.record(tx, 'invoice.paid', { id: 'in_2' }));
    await expect(events.deliverPending()).rejects.toThrow('500');
    expect(webhook.accepted).toEqual([]);
    await events.deliverPending();
    await events.deliverPending();
    expect(webhook.accepted).toEqual(['invoice.paid']);
  });

  it('are not recorded when the change that caused them is rolled back', async () => {
    const webhook = route(0);
    const events = simulatedEvents({ db, webhookSecret: SECRET, deliver: webhook.deliver });
    await expect(
      db.transaction(async (tx) => {
        await events.record(tx, 'invoice.paid', { id: 'in_3' });
        throw new Error('the checkout failed');
      }),
    ).rejects.toThrow('the checkout failed');
    await events.deliverPending();
    expect(webhook.accepted).toEqual([]);
  });
});
