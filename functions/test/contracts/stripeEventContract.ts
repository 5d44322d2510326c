/**
 * The Store contract's Stripe events: each applied once by its id, subscriptions kept to the
 * newest read, and an event for an unknown customer left for a retry. Called from the Store
 * contract, so it runs against every adapter.
 */
import { describe, expect, it } from 'vitest';
import { HeldSubscriptionChanged, UnknownStripeCustomer, type Store } from '../../src/ports/store.js';
import { CREDIT_RULES } from '../../src/services/creditRules.js';
import { uniq } from './contractData.js';

export function describeStripeEvents(store: () => Store, newAccount: (credits?: number) => Promise<string>): void {
  describe('stripe events', () => {
    it('applies a credit grant once per event id', async () => {
      const uid = await newAccount(10);
      const customerId = `cus_${uniq()}`;
      await store().setStripeCustomer(uid, customerId);
      const eventId = `evt_${uniq()}`;
      const input = {
        eventId,
        type: 'invoice.paid',
        effect: {
          kind: 'grant-credits' as const,
          stripeCustomerId: customerId,
          delta: 25,
          reason: 'subscription' as const,
        },
      };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => store().processStripeEvent(input, CREDIT_RULES)),
      );
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(35);
      expect((await store().listLedger(uid)).find((e) => e.ref === eventId)).toMatchObject({
        delta: 25,
        reason: 'subscription',
        balanceAfter: 35,
      });
    });

    it('links a customer from a checkout event', async () => {
      const uid = await newAccount();
      const customerId = `cus_${uniq()}`;
      const result = await store().processStripeEvent(
        {
          eventId: `evt_${uniq()}`,
          type: 'checkout.session.completed',
          effect: { kind: 'link-customer', uid, stripeCustomerId: customerId },
        },
        CREDIT_RULES,
      );
      expect(result.applied).toBe(true);
      expect(await store().findUidByStripeCustomer(customerId)).toBe(uid);
    });

    it('syncs subscription state and ignores an older read', async () => {
      const uid = await newAccount();
      const customerId = `cus_${uniq()}`;
      await store().setStripeCustomer(uid, customerId);
      const sync = (status: string, priceId: string, stateAt: number, heldBefore: string | null = 'sub_1') =>
        store().processStripeEvent(
          {
            eventId: `evt_${uniq()}`,
            type: 'customer.subscription.updated',
            effect: {
              kind: 'sync-subscription',
              stripeCustomerId: customerId,
              subscriptionId: 'sub_1',
              status,
              priceId,
              stateAt,
              heldBefore,
              trialGrant: null,
            },
          },
          CREDIT_RULES,
        );
      await sync('active', 'price_b', 2000, null);
      const stale = await sync('trialing', 'price_a', 1000);
      expect(stale.applied).toBe(true);
      const customer = (await store().getAccount(uid))?.customer;
      expect(customer).toMatchObject({
        stripeSubscriptionStatus: 'active',
        stripePriceId: 'price_b',
        stripeSubscriptionId: 'sub_1',
        subscriptionStateAt: 2000,
      });
      await sync('canceled', 'price_b', 3000);
      expect((await store().getAccount(uid))?.customer.stripeSubscriptionStatus).toBe('canceled');
    });

    describe('the held subscription', () => {
      async function customerWithStripe(): Promise<{ uid: string; customerId: string }> {
        const uid = await newAccount();
        const customerId = `cus_${uniq()}`;
        await store().setStripeCustomer(uid, customerId);
        return { uid, customerId };
      }
      const sync = (
        customerId: string,
        subscriptionId: string,
        heldBefore: string | null,
        extra: { status?: string; stateAt?: number; trialGrant?: { delta: number; ref: string } } = {},
      ) => ({
        eventId: `evt_${uniq()}`,
        type: 'customer.subscription.updated',
        effect: {
          kind: 'sync-subscription' as const,
          stripeCustomerId: customerId,
          subscriptionId,
          status: extra.status ?? 'active',
          priceId: 'price_b',
          stateAt: extra.stateAt ?? Date.now(),
          heldBefore,
          trialGrant: extra.trialGrant ?? null,
        },
      });

      it('is replaced by a subscription decided against it, whatever the stored read time', async () => {
        const { uid, customerId } = await customerWithStripe();
        await store().processStripeEvent(
          sync(customerId, 'sub_old', null, { status: 'canceled', stateAt: 5000 }),
          CREDIT_RULES,
        );
        await store().processStripeEvent(sync(customerId, 'sub_new', 'sub_old', { stateAt: 1000 }), CREDIT_RULES);
        expect((await store().getAccount(uid))?.customer).toMatchObject({
          stripeSubscriptionId: 'sub_new',
          stripeSubscriptionStatus: 'active',
        });
      });

      it('refuses a decision made against another held subscription and records nothing, so a retry can apply', async () => {
        const { uid, customerId } = await customerWithStripe();
        await store().processStripeEvent(sync(customerId, 'sub_first', null, { status: 'trialing' }), CREDIT_RULES);
        const raced = sync(customerId, 'sub_second', null, { status: 'trialing' });
        await expect(store().processStripeEvent(raced, CREDIT_RULES)).rejects.toBeInstanceOf(HeldSubscriptionChanged);
        expect((await store().getAccount(uid))?.customer.stripeSubscriptionId).toBe('sub_first');
        const decidedAgain = { ...raced, effect: { ...raced.effect, heldBefore: 'sub_first' } };
        expect(await store().processStripeEvent(decidedAgain, CREDIT_RULES)).toEqual({ applied: true });
      });

      it('brings the trial grant once per account, however many states carry it', async () => {
        const { uid, customerId } = await customerWithStripe();
        const trialGrant = { delta: 450, ref: 'trial' };
        await store().processStripeEvent(
          sync(customerId, 'sub_a', null, { status: 'trialing', trialGrant }),
          CREDIT_RULES,
        );
        await store().processStripeEvent(
          sync(customerId, 'sub_a', 'sub_a', { status: 'trialing', trialGrant }),
          CREDIT_RULES,
        );
        await store().processStripeEvent(
          sync(customerId, 'sub_b', 'sub_a', { status: 'trialing', trialGrant }),
          CREDIT_RULES,
        );
        expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(10 + 450);
        const trial = (await store().listLedger(uid)).filter((entry) => entry.ref === 'trial');
        expect(trial).toEqual([expect.objectContaining({ delta: 450, reason: 'subscription', balanceAfter: 460 })]);
      });

      it('grants nothing with a state older than the stored one', async () => {
        const { uid, customerId } = await customerWithStripe();
        await store().processStripeEvent(
          sync(customerId, 'sub_a', null, { status: 'active', stateAt: 2000 }),
          CREDIT_RULES,
        );
        const trialGrant = { delta: 25, ref: 'trial' };
        await store().processStripeEvent(
          sync(customerId, 'sub_a', 'sub_a', { status: 'trialing', stateAt: 1000, trialGrant }),
          CREDIT_RULES,
        );
        expect((await store().getAccount(uid))?.customer).toMatchObject({
          stripeSubscriptionStatus: 'active',
          creditsRemaining: 10,
        });
      });
    });

    it('records an event without an effect once', async () => {
      const eventId = `evt_${uniq()}`;
      expect(
        await store().processStripeEvent({ eventId, type: 'invoice.created', effect: { kind: 'none' } }, CREDIT_RULES),
      ).toEqual({
        applied: true,
      });
      expect(
        await store().processStripeEvent({ eventId, type: 'invoice.created', effect: { kind: 'none' } }, CREDIT_RULES),
      ).toEqual({
        applied: false,
      });
    });

    it('fails without recording the event when the customer is unknown, so a retry can apply it', async () => {
      const eventId = `evt_${uniq()}`;
      const customerId = `cus_${uniq()}`;
      const input = {
        eventId,
        type: 'invoice.paid',
        effect: {
          kind: 'grant-credits' as const,
          stripeCustomerId: customerId,
          delta: 25,
          reason: 'subscription' as const,
        },
      };
      await expect(store().processStripeEvent(input, CREDIT_RULES)).rejects.toBeInstanceOf(UnknownStripeCustomer);
      const uid = await newAccount(0);
      await store().setStripeCustomer(uid, customerId);
      expect(await store().processStripeEvent(input, CREDIT_RULES)).toEqual({ applied: true });
      expect((await store().getAccount(uid))?.customer.creditsRemaining).toBe(25);
    });
  });
}
