import { vi } from 'vitest';
import type { Conversation, Message, MessagesPage } from '@flipstage/core';
import type { ErrorListener, Listener, MessagesDriver } from '../backend/messages';

export function fakeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv-1',
    itemId: 'item-1',
    itemTitle: 'Walnut dresser',
    itemThumb: null,
    buyer: 'buyer-1',
    seller: 'seller-1',
    buyerName: 'Bea Buyer',
    sellerName: 'Sam Seller',
    lastMessage: { text: 'Is it still available?', from: 'buyer-1', at: '2026-01-02T10:00:00.000Z' },
    updated_at: '2026-01-02T10:00:00.000Z',
    unread: 0,
    blocked: false,
    reservedForBuyer: false,
    ...overrides,
  };
}

export function fakeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'msg-1',
    conversationId: 'conv-1',
    from: 'buyer-1',
    kind: 'text',
    text: 'Is it still available?',
    price: null,
    offerStatus: null,
    created_at: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * An in-memory messages driver: watches hear the values a test pushes (and the latest at once), as
 * Firestore or the event stream would deliver them; every write is a vi.fn the test can inspect.
 */
export function createFakeMessages(
  initial: { conversations?: Conversation[]; page?: MessagesPage; unread?: number } = {},
) {
  let conversations = initial.conversations;
  let page = initial.page;
  let unread = initial.unread;
  const inboxListeners = new Set<Listener<Conversation[]>>();
  const pageListeners = new Set<Listener<MessagesPage>>();
  const unreadListeners = new Set<Listener<number>>();

  function watch<T>(listeners: Set<Listener<T>>, current: () => T | undefined, onNext: Listener<T>) {
    listeners.add(onNext);
    const value = current();
    if (value !== undefined) queueMicrotask(() => listeners.has(onNext) && onNext(value));
    return () => void listeners.delete(onNext);
  }

  const driver = {
    watchConversations: vi.fn((_uid: string, onNext: Listener<Conversation[]>, _onError: ErrorListener) =>
      watch(inboxListeners, () => conversations, onNext),
    ),
    watchConversation: vi.fn((_uid: string, _id: string, onNext: Listener<MessagesPage>, _onError: ErrorListener) =>
      watch(pageListeners, () => page, onNext),
    ),
    watchUnread: vi.fn((_uid: string, onNext: Listener<number>, _onError: ErrorListener) =>
      watch(unreadListeners, () => unread, onNext),
    ),
    start: vi.fn(async (itemId: string) => fakeConversation({ id: 'conv-new', itemId })),
    send: vi.fn(async (id: string, text: string) => fakeMessage({ id: 'sent', conversationId: id, text })),
    offer: vi.fn(async (id: string, price: number) =>
      fakeMessage({ id: 'offer', conversationId: id, kind: 'offer', price, offerStatus: 'pending', text: '' }),
    ),
    decide: vi.fn(async () => {}),
    setListingStatus: vi.fn(async () => {}),
    block: vi.fn(async () => {}),
    report: vi.fn(async () => {}),
    markRead: vi.fn(async () => {}),
  } satisfies MessagesDriver;

  return {
    driver,
    pushConversations(next: Conversation[]) {
      conversations = next;
      inboxListeners.forEach((listener) => listener(next));
    },
    pushPage(next: MessagesPage) {
      page = next;
      pageListeners.forEach((listener) => listener(next));
    },
    pushUnread(next: number) {
      unread = next;
      unreadListeners.forEach((listener) => listener(next));
    },
  };
}
