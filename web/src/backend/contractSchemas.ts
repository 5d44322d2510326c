/** The part of core that needs zod at run time; only backend/contracts.ts imports it, lazily. */
export {
  billingSessionResponseSchema,
  billingTermsResponseSchema,
  checkoutSessionResponseSchema,
  errorCodeFromResponse,
  errorMessageFromResponse,
  imageEditsPageSchema,
  itemDetailSchema,
  itemSchema,
  itemsPageSchema,
  mergedUserSchema,
  stagePreviewSchema,
  stageProgressSchema,
  stageResponseSchema,
} from '@flipstage/core';
