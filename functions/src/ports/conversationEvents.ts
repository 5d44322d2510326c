/**
 * Telling a signed-in user's open pages that one of their conversations changed. In local mode
 * the host pushes it as server-sent events; in Firebase mode the web app reads Firestore live, so
 * nothing needs telling.
 */
export type ConversationListener = (conversationId: string) => void;

export interface ConversationEvents {
  /** Every listener of these users hears the conversation's id. */
  publish(uids: readonly string[], conversationId: string): void;
  /** Answers the unsubscribe. */
  subscribe(uid: string, listener: ConversationListener): () => void;
}
