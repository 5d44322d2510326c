import { useEffect, useState } from 'react';
import type { Conversation, MessagesPage } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import type { ErrorListener, Listener } from '../../backend/messages';
import { useAuthUser } from '../../backend/session';
import type { Unsubscribe } from '../../backend/types';

export interface Watched<T> {
  data: T | undefined;
  error: Error | null;
}

type Subscribe<T> = (onNext: Listener<T>, onError: ErrorListener) => Unsubscribe;

/**
 * The latest value a driver watch pushed, for as long as the component shows. `key` names what is
 * watched: when it changes, the old watch stops and nothing of it is shown under the new key.
 */
export function useWatched<T>(key: string | null, subscribe: Subscribe<T>): Watched<T> {
  const [state, setState] = useState<Watched<T> & { key: string | null }>({ key, data: undefined, error: null });
  useEffect(() => {
    if (key === null) return;
    return subscribe(
      (data) => setState({ key, data, error: null }),
      (error) => setState((previous) => ({ key, data: previous.key === key ? previous.data : undefined, error })),
    );
    // The subscription is renewed when what is watched changes, not when a new closure is passed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? { data: state.data, error: state.error } : { data: undefined, error: null };
}

/** The top bar's badge: conversations with unread messages; 0 while signed out or unknown. */
export function useUnreadCount(): number {
  const { messages } = useBackend();
  const uid = useAuthUser()?.uid ?? null;
  const { data } = useWatched<number>(uid, (onNext, onError) => messages.watchUnread(uid!, onNext, onError));
  return uid ? (data ?? 0) : 0;
}

export function useConversations(): Watched<Conversation[]> {
  const { messages } = useBackend();
  const uid = useAuthUser()?.uid ?? null;
  return useWatched<Conversation[]>(uid, (onNext, onError) => messages.watchConversations(uid!, onNext, onError));
}

export function useConversation(id: string): Watched<MessagesPage> {
  const { messages } = useBackend();
  const uid = useAuthUser()?.uid ?? null;
  return useWatched<MessagesPage>(uid && `${uid}/${id}`, (onNext, onError) =>
    messages.watchConversation(uid!, id, onNext, onError),
  );
}

/** The accessible name of the top bar's Messages link. */
export function messagesLinkName(unread: number): string {
  return unread > 0 ? `Messages, ${unread} unread` : 'Messages';
}
