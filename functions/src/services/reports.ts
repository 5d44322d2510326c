/**
 * Reports (issue 25): anyone signed in reports a listing, or a message of a conversation they are
 * in. Each reporter reports a thing once; a listing reported by REPORTS_TO_HIDE different users is
 * hidden (out of search and off its page but for its owner) until someone reviews it.
 */
import { MESSAGES, REPORTS_TO_HIDE } from '@flipstage/core';
import { AlreadyReported, ItemNotFound, type Store } from '../ports/store.js';
import { ServiceError } from './errors.js';
import { nextInstant, participantsConversation } from './conversations.js';

export interface ReportInput {
  itemId: string;
  conversationId?: string | undefined;
  messageId?: string | undefined;
  reason: string;
}

/** POST /api/reports. Answers whether the listing is now hidden. */
export async function report(deps: { store: Store }, reporter: string, input: ReportInput): Promise<{ hidden: boolean }> {
  const item = await deps.store.getItem(input.itemId);
  if (!item) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  const messageId = input.messageId ?? null;
  let conversationId: string | null = null;
  if (messageId !== null || input.conversationId !== undefined) {
    const conversation = await participantsConversation(deps.store, input.conversationId, reporter);
    if (conversation.itemId !== item.id) throw new ServiceError('not-found', MESSAGES.conversationNotFound);
    conversationId = conversation.id;
  }
  const id = messageId === null ? `listing_${item.id}_${reporter}` : `message_${conversationId}_${messageId}_${reporter}`;
  let listingReporters: number;
  try {
    ({ listingReporters } = await deps.store.addReport({
      id,
      reporter,
      itemId: item.id,
      conversationId,
      messageId,
      reason: input.reason,
      created_at: nextInstant(),
    }));
  } catch (error) {
    if (error instanceof AlreadyReported) throw new ServiceError('conflict', MESSAGES.alreadyReported);
    throw error;
  }
  if (messageId !== null || listingReporters < REPORTS_TO_HIDE) return { hidden: item.hidden };
  if (!item.hidden) {
    await deps.store.hideItem(item.id).catch((error: unknown) => {
      if (!(error instanceof ItemNotFound)) throw error;
    });
  }
  return { hidden: true };
}
