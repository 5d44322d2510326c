import type { MessagesDriver } from './messages';
import type { Unsubscribe } from './unsubscribe';

type Watch = 'watchConversations' | 'watchConversation' | 'watchUnread';
const WATCHES: readonly string[] = ['watchConversations', 'watchConversation', 'watchUnread'] satisfies Watch[];

/**
 * A messages driver whose code loads on its first use. The top bar's unread badge watches on every
 * page, the home route included, so the driver (its contracts, and Firestore in Firebase mode)
 * must not be in that route's initial JS. A watch returns its unsubscribe at once: called before
 * the code has loaded, it makes sure the watch never starts.
 */
export function lazyMessagesDriver(load: () => Promise<MessagesDriver>): MessagesDriver {
  let driver: Promise<MessagesDriver> | undefined;
  const loaded = () => (driver ??= load());
  return new Proxy({} as MessagesDriver, {
    get(_target, method) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      if (WATCHES.includes(method)) {
        return (...args: unknown[]): Unsubscribe => {
          let stop: Unsubscribe | null = null;
          let stopped = false;
          const onError = args[args.length - 1] as (error: Error) => void;
          loaded().then(
            (real) => {
              if (!stopped) stop = (real[method as Watch] as (...a: unknown[]) => Unsubscribe)(...args);
            },
            (error: Error) => !stopped && onError(error),
          );
          return () => {
            stopped = true;
            stop?.();
          };
        };
      }
      return (...args: unknown[]) =>
        loaded().then((real) => (real[method as keyof MessagesDriver] as (...a: unknown[]) => unknown)(...args));
    },
  });
}
