/** Conversation changes told to the local host's open event streams, in this process. */
import { EventEmitter } from 'node:events';
import type { ConversationEvents } from '../../ports/conversationEvents.js';

export function createLocalConversationEvents(): ConversationEvents {
  const emitter = new EventEmitter();
  // One listener per open page of each user: many tabs and journeys are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    publish(uids, conversationId) {
      for (const uid of new Set(uids)) emitter.emit(uid, conversationId);
    },
    subscribe(uid, listener) {
      emitter.on(uid, listener);
      return () => emitter.off(uid, listener);
    },
  };
}
