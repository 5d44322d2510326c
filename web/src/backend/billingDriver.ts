import {
  API_PATHS,
  type BillingSessionRequest,
  type BillingSessionResponse,
  type BillingTermsResponse,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
} from '@flipstage/core';
import type { ApiFetch } from './http';
import type { BillingDriver } from './types';
import { contracts } from './contracts';

export function createHttpBillingDriver(apiFetch: ApiFetch): BillingDriver {
  return {
    createCheckoutSession: (request: CheckoutSessionRequest) =>
      apiFetch<CheckoutSessionResponse>(API_PATHS.checkoutSession, {
        schema: contracts.checkoutSession,
        json: request,
      }),
    createBillingSession: (request: BillingSessionRequest) =>
      apiFetch<BillingSessionResponse>(API_PATHS.billingSession, {
        schema: contracts.billingSession,
        json: request,
      }),
    billingTerms: () => apiFetch<BillingTermsResponse>(API_PATHS.billingTerms, { schema: contracts.billingTerms }),
  };
}
