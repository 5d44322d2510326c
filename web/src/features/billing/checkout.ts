import {
  BILLING_RETURN_PATH,
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  findPlan,
  MESSAGES,
  priceIdForPlan,
  type Plan,
} from '@flipstage/core';
import type { BillingDriver } from '../../backend/types';
import { priceIdConfig } from '../../backend/config';
import { browserLocation } from '../../app/browserLocation';
import { track } from '../../analytics/track';

/** The `checkout` search value the cancel URL carries back to /pricing. */
export const CHECKOUT_CANCELLED = 'cancelled';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Spec §4/§7: create a checkout session for the plan and send the browser to it. Throws an Error whose
 * message is the spec's wording for the step that failed.
 */
export async function startCheckout(billing: BillingDriver, planId: string): Promise<void> {
  const plan: Plan | undefined = findPlan(planId);
  try {
    const priceId = priceIdForPlan(planId, priceIdConfig());
    track('checkout_initiated', {
      category: 'ecommerce',
      plan_id: plan?.id ?? planId,
      plan_name: plan?.name ?? planId,
      price: plan?.price ?? null,
    });
    let session: unknown;
    try {
      session = await billing.createCheckoutSession({
        priceId,
        successUrl: `${window.location.origin}${CHECKOUT_SUCCESS_PATH}`,
        cancelUrl: `${window.location.origin}${CHECKOUT_CANCEL_PATH}?checkout=${CHECKOUT_CANCELLED}`,
      });
    } catch (error) {
      throw new Error(messageOf(error, MESSAGES.checkoutSessionError));
    }
    const url = session && typeof session === 'object' ? (session as { url?: unknown }).url : undefined;
    if (typeof url !== 'string' || url === '') throw new Error(MESSAGES.invalidSessionData);
    try {
      browserLocation.assign(url);
    } catch (error) {
      throw new Error(MESSAGES.checkoutRedirectFailed(messageOf(error, 'unknown error')));
    }
  } catch (error) {
    const message = messageOf(error, MESSAGES.checkoutSessionError);
    track('purchase_error', { category: 'ecommerce', plan_id: plan?.id ?? planId, error_message: message });
    throw new Error(message);
  }
}

/**
 * Opens the Stripe billing portal; throws with the server's message, or the spec's fallback.
 * `replace` drops the current page from history: a page that opens the portal by itself would
 * otherwise open it again when Back returns to it.
 */
export async function openBillingPortal(billing: BillingDriver, { replace = false } = {}): Promise<void> {
  let response: unknown;
  try {
    response = await billing.createBillingSession({ returnUrl: `${window.location.origin}${BILLING_RETURN_PATH}` });
  } catch (error) {
    throw new Error(messageOf(error, MESSAGES.billingSessionError));
  }
  const body = (response ?? {}) as { status?: unknown; message?: unknown; data?: { url?: unknown } };
  if (body.status === 'error') {
    throw new Error(typeof body.message === 'string' && body.message ? body.message : MESSAGES.billingSessionError);
  }
  const url = body.data?.url;
  if (typeof url !== 'string' || url === '') throw new Error(MESSAGES.billingSessionError);
  if (replace) browserLocation.replace(url);
  else browserLocation.assign(url);
}
