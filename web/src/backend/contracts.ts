import type { ZodType } from 'zod';
import type {
  ApiErrorCode,
  BillingSessionResponse,
  BillingTermsResponse,
  CheckoutSessionResponse,
  Conversation,
  ConversationsPage,
  ImageEditsPage,
  Item,
  ItemDetail,
  ItemsPage,
  MergedUser,
  Message,
  MessagesPage,
  StagePreview,
  StageProgress,
  StageResponse,
} from '@flipstage/core';

/**
 * The API's answers are checked against core's contracts (core/src/contracts), which are zod
 * schemas. zod loads with the first answer instead of with the page: imported up front it adds
 * about 22 KB gzip to the home route, over its 250 KB budget. The first API call waits for one
 * small chunk, fetched while the request is in flight.
 */
const schemas = () => import('./contractSchemas');

/** An answer's contract, loaded on first use. */
export type Contract<T> = () => Promise<ZodType<T>>;

/** A driver loaded on demand names its own contracts with this, keeping them out of the first load. */
export const contract =
  <T>(pick: (module: Awaited<ReturnType<typeof schemas>>) => ZodType<T>): Contract<T> =>
  () =>
    schemas().then(pick);

export const contracts = {
  mergedUser: contract<MergedUser>((m) => m.mergedUserSchema),
  imageEditsPage: contract<ImageEditsPage>((m) => m.imageEditsPageSchema),
  stageResponse: contract<StageResponse>((m) => m.stageResponseSchema),
  stagePreview: contract<StagePreview>((m) => m.stagePreviewSchema),
  stageProgress: contract<StageProgress>((m) => m.stageProgressSchema),
  item: contract<Item>((m) => m.itemSchema),
  itemDetail: contract<ItemDetail>((m) => m.itemDetailSchema),
  itemsPage: contract<ItemsPage>((m) => m.itemsPageSchema),
  checkoutSession: contract<CheckoutSessionResponse>((m) => m.checkoutSessionResponseSchema),
  billingSession: contract<BillingSessionResponse>((m) => m.billingSessionResponseSchema),
  billingTerms: contract<BillingTermsResponse>((m) => m.billingTermsResponseSchema),
  conversation: contract<Conversation>((m) => m.conversationSchema),
  conversationsPage: contract<ConversationsPage>((m) => m.conversationsPageSchema),
  message: contract<Message>((m) => m.messageSchema),
  messagesPage: contract<MessagesPage>((m) => m.messagesPageSchema),
  unreadCount: contract<{ unread: number }>((m) => m.unreadCountSchema),
  /** An answer only read for its status: the call's effect arrives through the watches. */
  acknowledgement: contract<unknown>((m) => m.acknowledgementSchema),
};

/** The message a failed answer shows (spec §7), read from its error body by core's rule. */
export async function errorMessageFrom(status: number, text: string): Promise<string> {
  return (await schemas()).errorMessageFromResponse(status, text);
}

/** What the client can do about a refused photo (422 not-furniture, unsure-subject, no-subject), when the body says. */
export async function errorCodeFrom(text: string): Promise<ApiErrorCode | undefined> {
  return (await schemas()).errorCodeFromResponse(text);
}
