import { API_PATHS, type Conversation, type ConversationsPage, type Message, type MessagesPage } from '@flipstage/core';
import type { ApiFetch, IdTokenSource } from './http';
import { contracts } from './contracts';
import type { Unsubscribe } from './unsubscribe';

export type OfferDecision = 'accept' | 'decline';
export type ListingStatusChange = 'reserved' | 'sold' | 'available';

export interface ReportDraft {
  itemId: string;
  conversationId?: string;
  messageId?: string;
  reason: string;
}

export type Listener<T> = (value: T) => void;
export type ErrorListener = (error: Error) => void;

/**
 * Buyers reach sellers (issue 25). Reads are watches: the listener hears the current value, then
 * every change, until unsubscribed (Firestore onSnapshot in Firebase mode, the local host's
 * server-sent events in local mode). Writes go through the API in both modes.
 */
export interface MessagesDriver {
  /** The viewer's conversations, most recently active first. */
  watchConversations(uid: string, onNext: Listener<Conversation[]>, onError: ErrorListener): Unsubscribe;
  /** One conversation and its messages, oldest first. */
  watchConversation(uid: string, id: string, onNext: Listener<MessagesPage>, onError: ErrorListener): Unsubscribe;
  /** How many conversations have messages the viewer has not read. */
  watchUnread(uid: string, onNext: Listener<number>, onError: ErrorListener): Unsubscribe;
  /** Opens (or reopens) the viewer's conversation about a listing with a first message. */
  start(itemId: string, text: string): Promise<Conversation>;
  send(conversationId: string, text: string): Promise<Message>;
  offer(conversationId: string, price: number, text?: string): Promise<Message>;
  decide(conversationId: string, messageId: string, decision: OfferDecision): Promise<void>;
  setListingStatus(conversationId: string, status: ListingStatusChange): Promise<void>;
  block(conversationId: string, blocked: boolean): Promise<void>;
  report(report: ReportDraft): Promise<void>;
  markRead(conversationId: string): Promise<void>;
}

/** The writes, the same in both modes; `changed` is told which conversation a write touched. */
export type MessagesWrites = Pick<
  MessagesDriver,
  'start' | 'send' | 'offer' | 'decide' | 'setListingStatus' | 'block' | 'report' | 'markRead'
>;

const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

export function createMessagesWrites(apiFetch: ApiFetch, changed: (id: string) => void = () => {}): MessagesWrites {
  const post = async (path: string, id: string, json: unknown): Promise<void> => {
    await apiFetch(withId(path, id), { schema: contracts.acknowledgement, method: 'POST', json });
    changed(id);
  };
  return {
    async start(itemId, text) {
      const conversation = await apiFetch<Conversation>(API_PATHS.conversations, {
        schema: contracts.conversation,
        method: 'POST',
        json: { itemId, text },
      });
      changed(conversation.id);
      return conversation;
    },
    async send(id, text) {
      const message = await apiFetch<Message>(withId(API_PATHS.conversationMessages, id), {
        schema: contracts.message,
        method: 'POST',
        json: { text },
      });
      changed(id);
      return message;
    },
    async offer(id, price, text) {
      const message = await apiFetch<Message>(withId(API_PATHS.conversationOffer, id), {
        schema: contracts.message,
        method: 'POST',
        json: text ? { price, text } : { price },
      });
      changed(id);
      return message;
    },
    decide: (id, messageId, decision) => post(API_PATHS.conversationOfferDecision, id, { messageId, decision }),
    setListingStatus: (id, status) => post(API_PATHS.conversationListingStatus, id, { status }),
    block: (id, blocked) => post(API_PATHS.conversationBlock, id, { blocked }),
    markRead: (id) => post(API_PATHS.conversationRead, id, {}),
    async report(report) {
      await apiFetch(API_PATHS.reports, { schema: contracts.acknowledgement, method: 'POST', json: report });
    },
  };
}

/** An EventSource as the browser makes one; tests hand in their own. */
export type EventSourceFactory = (url: string) => EventSource;

export interface LiveOptions {
  eventSource?: EventSourceFactory;
  /** The wait before reconnecting a stream the server closed (a refused or expired token, a restart). */
  reconnectMs?: number;
}

/**
 * Local mode: every watch fetches from the API, then fetches again whenever the local host's event
 * stream names a conversation of the viewer's (or a write here touched one). One stream serves all
 * watches and closes with the last of them; a stream the server closed is reopened with a fresh
 * token. Each time the stream opens everything is fetched again, as events may have been missed.
 */
export function createHttpMessagesDriver(
  apiFetch: ApiFetch,
  idToken: IdTokenSource,
  options: LiveOptions = {},
): MessagesDriver {
  const openStream = options.eventSource ?? ((url: string) => new EventSource(url));
  const reconnectMs = options.reconnectMs ?? 3_000;
  /** Each watch's refetch, told the conversation that changed (null: anything may have). */
  const watchers = new Set<(changedId: string | null) => void>();
  let stream: EventSource | null = null;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const notify = (changedId: string | null) => watchers.forEach((refetch) => refetch(changedId));

  async function connect() {
    const mine = ++generation;
    const token = await idToken().catch(() => null);
    if (mine !== generation || watchers.size === 0 || !token) return;
    const source = openStream(`${API_PATHS.conversationEvents}?token=${encodeURIComponent(token)}`);
    stream = source;
    // Events sent before the stream opened (the first one, or again after a drop) were missed.
    source.addEventListener('open', () => notify(null));
    source.addEventListener('conversation', (event) => notify((event as MessageEvent<string>).data || null));
    source.addEventListener('error', () => {
      if (source.readyState !== source.CLOSED || stream !== source) return;
      stream = null;
      reconnect = setTimeout(() => {
        notify(null);
        void connect();
      }, reconnectMs);
    });
  }

  function disconnect() {
    generation += 1;
    clearTimeout(reconnect);
    stream?.close();
    stream = null;
  }

  function watch<T>(
    load: () => Promise<T>,
    concerns: (changedId: string | null) => boolean,
    onNext: Listener<T>,
    onError: ErrorListener,
  ): Unsubscribe {
    let active = true;
    // Answers can come back out of order; only the newest request's answer is shown.
    let latest = 0;
    const refetch = (changedId: string | null) => {
      if (!concerns(changedId)) return;
      const request = ++latest;
      load().then(
        (value) => active && request === latest && onNext(value),
        (error: Error) => active && request === latest && onError(error),
      );
    };
    watchers.add(refetch);
    if (!stream && watchers.size === 1) void connect();
    refetch(null);
    return () => {
      active = false;
      watchers.delete(refetch);
      if (watchers.size === 0) disconnect();
    };
  }

  return {
    watchConversations: (_uid, onNext, onError) =>
      watch(
        () => apiFetch<ConversationsPage>(API_PATHS.conversations, { schema: contracts.conversationsPage }),
        () => true,
        (page) => onNext(page.data),
        onError,
      ),
    watchConversation: (_uid, id, onNext, onError) =>
      watch(
        () => apiFetch<MessagesPage>(withId(API_PATHS.conversationMessages, id), { schema: contracts.messagesPage }),
        (changedId) => changedId === null || changedId === id,
        onNext,
        onError,
      ),
    watchUnread: (_uid, onNext, onError) =>
      watch(
        () => apiFetch<{ unread: number }>(API_PATHS.conversationUnread, { schema: contracts.unreadCount }),
        () => true,
        (answer) => onNext(answer.unread),
        onError,
      ),
    ...createMessagesWrites(apiFetch, notify),
  };
}
