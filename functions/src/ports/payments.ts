/**
 * The Payments port: Stripe, or the local simulation of it.
 */

export interface CheckoutSessionInput {
  uid: string;
  customerId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  /** Present only for the customer's first subscription. */
  trialDays: number | null;
  idempotencyKey: string;
}

export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
}

/** A verified webhook event, as Stripe sends it. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface Payments {
  createCustomer(input: {
    uid: string;
    email: string | null;
    name: string | null;
    idempotencyKey: string;
  }): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  getSubscription(id: string): Promise<SubscriptionState>;
  /** Ends the subscription now; its customer.subscription.deleted event follows. */
  cancelSubscription(input: { subscriptionId: string; idempotencyKey: string }): Promise<void>;
  /** Verifies the signature over the raw body; throws WebhookSignatureInvalid. */
  verifyWebhook(rawBody: Uint8Array, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureInvalid extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Invalid webhook signature', options);
    this.name = 'WebhookSignatureInvalid';
  }
}
