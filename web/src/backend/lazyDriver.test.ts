import { describe, expect, it, vi } from 'vitest';
import { createFakeMessages } from '../test-utils/fakeMessages';
import type { MessagesDriver } from './messages';
import { lazyDriver } from './lazyDriver';

const WATCHES = ['watchConversations', 'watchConversation', 'watchUnread'] as const;
const lazyMessagesDriver = (load: () => Promise<MessagesDriver>) => lazyDriver(load, { watches: WATCHES });

describe('a driver loaded on first use (the messages driver)', () => {
  it('loads nothing until it is used', () => {
    const load = vi.fn(async () => createFakeMessages().driver);
    lazyMessagesDriver(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts a watch once the driver has loaded', async () => {
    const fake = createFakeMessages({ unread: 3 });
    const driver = lazyMessagesDriver(async () => fake.driver);
    const onNext = vi.fn();
    driver.watchUnread('user-1', onNext, vi.fn());
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledWith(3));
  });

  it('never starts a watch stopped before the driver loaded', async () => {
    const fake = createFakeMessages({ unread: 3 });
    const driver = lazyMessagesDriver(async () => fake.driver);
    const stop = driver.watchUnread('user-1', vi.fn(), vi.fn());
    stop();
    await driver.markRead('conv-1');
    expect(fake.driver.watchUnread).not.toHaveBeenCalled();
  });

  it("tells a watch's error listener when the driver cannot load", async () => {
    const driver = lazyMessagesDriver(() => Promise.reject(new Error('chunk failed')));
    const onError = vi.fn();
    driver.watchConversations('user-1', vi.fn(), onError);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('chunk failed')));
  });

  it('passes a write through to the loaded driver', async () => {
    const fake = createFakeMessages();
    const driver = lazyMessagesDriver(async () => fake.driver);
    await driver.send('conv-1', 'Hello');
    expect(fake.driver.send).toHaveBeenCalledWith('conv-1', 'Hello');
  });

  it('answers a known member without loading the code', () => {
    const load = vi.fn(async () => createFakeMessages().driver);
    const driver = lazyDriver<{ realtime: boolean; watch?: () => void }>(load as never, {
      known: { realtime: true, watch: undefined },
    });
    expect(driver.realtime).toBe(true);
    expect(driver.watch).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('is no thenable, so an async function can return it', async () => {
    const driver = lazyMessagesDriver(async () => createFakeMessages().driver);
    const returned = await (async () => driver)();
    expect(returned).toBe(driver);
  });
});
