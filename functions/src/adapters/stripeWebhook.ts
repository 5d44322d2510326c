/**
 * Stripe's webhook signature scheme (`t=…,v1=…`, HMAC-SHA256 over "{t}.{raw body}"), through
 * the stripe library itself, so local mode's simulated events pass the same check as Stripe's.
 */
import Stripe from 'stripe';
import { WebhookSignatureInvalid, type PaymentEvent } from '../ports/payments.js';

export function verifyStripeEvent(rawBody: Uint8Array, signature: string | undefined, secret: string): PaymentEvent {
  if (!signature) throw new WebhookSignatureInvalid();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength),
      signature,
      secret,
    );
  } catch (error) {
    throw new WebhookSignatureInvalid({ cause: error });
  }
  return event as unknown as PaymentEvent;
}

/** The Stripe-Signature header for a payload, as Stripe computes it. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
