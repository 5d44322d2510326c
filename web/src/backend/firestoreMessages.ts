import {
  collection,
  doc,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';
import {
  MESSAGES,
  toConversation,
  type Conversation,
  type ConversationDoc,
  type Message,
  type MessageDoc,
} from '@flipstage/core';
import type { ApiFetch } from './http';
import { createMessagesWrites, type Listener, type MessagesDriver } from './messages';

/** The inbox shows this many of the most recently active conversations. */
export const INBOX_LIMIT = 100;

function conversationsOf(snapshot: QuerySnapshot, uid: string): Conversation[] {
  return snapshot.docs.map((d) => toConversation({ ...(d.data() as ConversationDoc), id: d.id }, uid));
}

/**
 * Firebase mode: conversations and their messages read live from Firestore (onSnapshot) under rules
 * that let only the two participants in; every write goes through the API, which keeps the unread
 * counts, the offer states and the listing in step.
 */
export function createFirestoreMessagesDriver(db: Firestore, apiFetch: ApiFetch): MessagesDriver {
  const inbox = (uid: string) =>
    query(
      collection(db, 'conversations'),
      where('participants', 'array-contains', uid),
      orderBy('updated_at', 'desc'),
      limit(INBOX_LIMIT),
    );

  function watchInbox(uid: string, onNext: Listener<Conversation[]>, onError: (error: Error) => void) {
    return onSnapshot(inbox(uid), (snapshot) => onNext(conversationsOf(snapshot, uid)), onError);
  }

  return {
    watchConversations: watchInbox,
    watchUnread: (uid, onNext, onError) =>
      watchInbox(uid, (conversations) => onNext(conversations.filter((c) => c.unread > 0).length), onError),
    watchConversation(uid, id, onNext, onError) {
      let conversation: Conversation | undefined;
      let messages: Message[] | undefined;
      const emit = () => {
        if (conversation && messages) onNext({ conversation, data: messages });
      };
      const stopConversation = onSnapshot(
        doc(db, 'conversations', id),
        (snapshot) => {
          if (!snapshot.exists()) return onError(new Error(MESSAGES.conversationNotFound));
          conversation = toConversation({ ...(snapshot.data() as ConversationDoc), id: snapshot.id }, uid);
          emit();
        },
        onError,
      );
      const stopMessages = onSnapshot(
        query(collection(db, 'conversations', id, 'messages'), orderBy('created_at', 'asc')),
        (snapshot) => {
          messages = snapshot.docs.map((d) => ({ ...(d.data() as MessageDoc), id: d.id, conversationId: id }));
          emit();
        },
        onError,
      );
      return () => {
        stopConversation();
        stopMessages();
      };
    },
    ...createMessagesWrites(apiFetch),
  };
}
