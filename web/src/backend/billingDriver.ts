import {
  API_PATHS,
  billingSessionResponseSchema,
  billingTermsResponseSchema,
  checkoutSessionResponseSchema,
  type BillingSessionRequest,
  type BillingSessionResponse,
  type BillingTermsResponse,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
} from '@flipstage/core';
import type { ApiFetch } from './http';
import type { BillingDriver } from './types';

export function createHttpBillingDriver(apiFetch: ApiFetch): BillingDriver {
  return {
    createCheckoutSession: (request: CheckoutSessionRequest) =>
      apiFetch<CheckoutSessionResponse>(API_PATHS.checkoutSession, {
        schema: checkoutSessionResponseSchema,
        json: request,
      }),
    createBillingSession: (request: BillingSessionRequest) =>
      apiFetch<BillingSessionResponse>(API_PATHS.billingSession, {
        schema: billingSessionResponseSchema,
        json: request,
      }),
    billingTerms: () => apiFetch<BillingTermsResponse>(API_PATHS.billingTerms, { schema: billingTermsResponseSchema }),
  };
}
