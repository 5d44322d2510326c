import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, type ConversationsPage, type MessagesPage } from '@flipstage/core';
import { fakeConversation, fakeMessage } from '../test-utils/fakeMessages';
import type { ApiFetch } from './http';
import { createHttpMessagesDriver } from './messages';

/** A stand-in for the browser's EventSource: the test opens, sends events and closes it. */
class FakeStream extends EventTarget {
  readonly CLOSED = 2;
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  send(conversationId: string) {
    this.dispatchEvent(new MessageEvent('conversation', { data: conversationId }));
  }
  drop() {
    this.readyState = this.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = this.CLOSED;
  }
}

function setUp() {
  const streams: FakeStream[] = [];
  const answers: Record<string, unknown> = {
    [API_PATHS.conversations]: { data: [fakeConversation()] } satisfies ConversationsPage,
    [API_PATHS.conversationUnread]: { unread: 1 },
    [`${API_PATHS.conversationMessages}?id=conv-1`]: {
      conversation: fakeConversation(),
      data: [fakeMessage()],
    } satisfies MessagesPage,
  };
  const apiFetch = vi.fn(async (path: string, init: { method?: string }) =>
    init.method === 'POST' ? (path.startsWith(API_PATHS.conversationMessages) ? fakeMessage() : {}) : answers[path],
  );
  const driver = createHttpMessagesDriver(apiFetch as unknown as ApiFetch, async () => 'token-1', {
    eventSource: (url) => {
      const stream = new FakeStream(url);
      streams.push(stream);
      return stream as unknown as EventSource;
    },
    reconnectMs: 0,
  });
  const reads = (path: string) =>
    apiFetch.mock.calls.filter(([p, init]) => p === path && init.method !== 'POST').length;
  return { driver, apiFetch, streams, reads };
}

describe('the local messages driver', () => {
  it('reads the conversations at once and opens the event stream with the ID token', async () => {
    const { driver, streams } = setUp();
    const onNext = vi.fn();
    driver.watchConversations('seller-1', onNext, vi.fn());
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledWith([fakeConversation()]));
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0]!.url).toBe(`${API_PATHS.conversationEvents}?token=token-1`);
  });

  it('reads again when the stream names a change', async () => {
    const { driver, streams, reads } = setUp();
    driver.watchUnread('seller-1', vi.fn(), vi.fn());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const before = reads(API_PATHS.conversationUnread);
    streams[0]!.send('conv-9');
    await vi.waitFor(() => expect(reads(API_PATHS.conversationUnread)).toBe(before + 1));
  });

  it("reads a conversation again only for that conversation's events", async () => {
    const { driver, streams, reads } = setUp();
    const path = `${API_PATHS.conversationMessages}?id=conv-1`;
    driver.watchConversation('seller-1', 'conv-1', vi.fn(), vi.fn());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const before = reads(path);
    streams[0]!.send('conv-2');
    streams[0]!.send('conv-1');
    await vi.waitFor(() => expect(reads(path)).toBe(before + 1));
  });

  it('reads everything again when the stream opens, as events may have been missed', async () => {
    const { driver, streams, reads } = setUp();
    driver.watchConversations('seller-1', vi.fn(), vi.fn());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const before = reads(API_PATHS.conversations);
    streams[0]!.open();
    await vi.waitFor(() => expect(reads(API_PATHS.conversations)).toBe(before + 1));
  });

  it('shares one stream among watches and closes it with the last', async () => {
    const { driver, streams } = setUp();
    const stopInbox = driver.watchConversations('seller-1', vi.fn(), vi.fn());
    const stopUnread = driver.watchUnread('seller-1', vi.fn(), vi.fn());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    stopInbox();
    expect(streams[0]!.closed).toBe(false);
    stopUnread();
    expect(streams[0]!.closed).toBe(true);
  });

  it('reconnects when the server closes the stream', async () => {
    const { driver, streams } = setUp();
    driver.watchUnread('seller-1', vi.fn(), vi.fn());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.drop();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
  });

  it('refreshes the watched conversation after a write from this page', async () => {
    const { driver, streams, reads } = setUp();
    const path = `${API_PATHS.conversationMessages}?id=conv-1`;
    driver.watchConversation('buyer-1', 'conv-1', vi.fn(), vi.fn());
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const before = reads(path);
    await driver.send('conv-1', 'Hello');
    await vi.waitFor(() => expect(reads(path)).toBe(before + 1));
  });

  it('posts each write to its route with the conversation id', async () => {
    const { driver, apiFetch } = setUp();
    await driver.offer('conv-1', 300);
    await driver.decide('conv-1', 'msg-2', 'accept');
    await driver.setListingStatus('conv-1', 'sold');
    await driver.block('conv-1', true);
    await driver.markRead('conv-1');
    await driver.report({ itemId: 'item-1', reason: 'Spam' });
    const posts = apiFetch.mock.calls.map(([path, init]) => [path, (init as { json?: unknown }).json]);
    expect(posts).toEqual([
      [`${API_PATHS.conversationOffer}?id=conv-1`, { price: 300 }],
      [`${API_PATHS.conversationOfferDecision}?id=conv-1`, { messageId: 'msg-2', decision: 'accept' }],
      [`${API_PATHS.conversationListingStatus}?id=conv-1`, { status: 'sold' }],
      [`${API_PATHS.conversationBlock}?id=conv-1`, { blocked: true }],
      [`${API_PATHS.conversationRead}?id=conv-1`, {}],
      [API_PATHS.reports, { itemId: 'item-1', reason: 'Spam' }],
    ]);
  });
});
