/** Checkout, the billing portal, the billing terms and the Stripe webhook (DESIGN §4, §5). */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * A same-site path or an address on the site. Where it may point depends on the server's
 * origins, so the server checks that after this shape.
 */
const redirectUrl = z.string({ error: MESSAGES.urlRequired }).trim().min(1, MESSAGES.urlRequired);

/** A body that is not an object names no price, so it is refused as one. */
export const checkoutSessionRequestSchema = z.object(
  {
    priceId: z.string({ error: MESSAGES.unknownPriceId }).min(1, MESSAGES.unknownPriceId),
    successUrl: redirectUrl,
    cancelUrl: redirectUrl,
  },
  { error: MESSAGES.unknownPriceId },
);
export type CheckoutSessionRequest = z.input<typeof checkoutSessionRequestSchema>;

export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const billingSessionRequestSchema = z.object({ returnUrl: redirectUrl }, { error: MESSAGES.urlRequired });
export type BillingSessionRequest = z.input<typeof billingSessionRequestSchema>;

/** The portal answers in the spec's own shape rather than the common error body. */
export const billingSessionResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), data: z.object({ url: z.string() }) }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type BillingSessionResponse = z.infer<typeof billingSessionResponseSchema>;

/**
 * GET /api/billing-terms: what a first subscription comes with, from the server's configuration,
 * so the pricing page states the trial the checkout will really give. 0 means no trial.
 */
export const billingTermsResponseSchema = z.object({ trialDays: z.number().int().nonnegative() });
export type BillingTermsResponse = z.infer<typeof billingTermsResponseSchema>;

/** POST /api/stripe-webhook's answer once an event is applied (or was already). */
export const webhookAckSchema = z.object({ received: z.literal(true) });
export type WebhookAck = z.infer<typeof webhookAckSchema>;
