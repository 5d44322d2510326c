/**
 * Firebase mode tells nobody: the web app listens to the conversation documents themselves
 * (onSnapshot), and a function instance's memory is not shared with the others anyway.
 */
import type { ConversationEvents } from '../../ports/conversationEvents.js';

export function createFirestoreConversationEvents(): ConversationEvents {
  return {
    publish() {},
    subscribe() {
      return () => {};
    },
  };
}
