/** The Payments port on Stripe (Checkout, Customer Portal, webhooks). */
import Stripe from 'stripe';
import type { Payments, SubscriptionState } from '../ports/payments.js';
import { verifyStripeEvent } from './stripeWebhook.js';

export function createStripePayments(options: { secretKey: string; webhookSecret: string; client?: Stripe }): Payments {
  const stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2 });
  return {
    async createCustomer({ uid, email, name, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { ...(email ? { email } : {}), ...(name ? { name } : {}), metadata: { uid } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.uid,
          line_items: [{ price: input.priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          subscription_data: {
            metadata: { uid: input.uid },
            ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
          },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
      return { id: session.id, url: session.url };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async getSubscription(id): Promise<SubscriptionState> {
      const subscription = await stripe.subscriptions.retrieve(id);
      const customer = subscription.customer;
      return {
        id: subscription.id,
        customerId: typeof customer === 'string' ? customer : customer.id,
        status: subscription.status,
        priceId: subscription.items.data[0]?.price.id ?? null,
      };
    },

    async cancelSubscription({ subscriptionId, idempotencyKey }) {
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
    },

    verifyWebhook(rawBody, signature) {
      return verifyStripeEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
