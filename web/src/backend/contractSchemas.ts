/** The part of core that needs zod at run time; only backend/contracts.ts imports it, lazily. */
import { z } from 'zod';

/** Answers whose body the app does not read (a write's effect arrives through a watch). */
export const acknowledgementSchema = z.unknown();

export {
  billingSessionResponseSchema,
  booksSummarySchema,
  costLineSchema,
  currencySchema,
  importResultSchema,
  pieceSchema,
  piecesExportSchema,
  piecesListSchema,
  pieceWithCostsSchema,
  billingTermsResponseSchema,
  checkoutSessionResponseSchema,
  conversationSchema,
  conversationsPageSchema,
  errorCodeFromResponse,
  errorMessageFromResponse,
  imageEditsPageSchema,
  itemDetailSchema,
  itemSchema,
  itemsPageSchema,
  listingKitSchema,
  marketplacePostSchema,
  marketplacePostsSchema,
  mergedUserSchema,
  messageSchema,
  messagesPageSchema,
  moderationOutcomeSchema,
  moderationQueueSchema,
  ownListingModerationsSchema,
  priceSuggestionSchema,
  stagePreviewSchema,
  stageProgressSchema,
  stageResponseSchema,
  unreadCountSchema,
} from '@flipstage/core';
