import type { Unsubscribe } from './unsubscribe';

export interface LazyDriverOptions<T> {
  /**
   * Methods that subscribe. Each returns its unsubscribe at once and starts once the code has
   * loaded; its last argument is its error listener, told when the code cannot load. Stopped
   * before the code has loaded, it never starts.
   */
  watches?: readonly (keyof T & string)[];
  /** Members known before the code loads, answered without loading it (a flag, an absent method). */
  known?: Partial<T>;
}

/**
 * A driver whose code loads on its first call, or at once when `load` is already under way. The
 * home route's initial JS leaves out every driver it does not need before its first render
 * (budget in scripts/lib/budgets.mjs, bench:web), and the first render waits for none of them.
 * Every other method returns a promise of the loaded driver's answer.
 */
export function lazyDriver<T extends object>(load: () => Promise<T>, options: LazyDriverOptions<T> = {}): T {
  const { watches = [], known = {} as Partial<T> } = options;
  let driver: Promise<T> | undefined;
  const loaded = () => (driver ??= load());
  const call = (real: T, method: string, args: unknown[]) =>
    (real[method as keyof T] as (...a: unknown[]) => unknown)(...args);
  return new Proxy({} as T, {
    get(_target, method) {
      // Not a thenable, so the driver itself can be returned from an async function.
      if (typeof method !== 'string' || method === 'then') return undefined;
      if (method in known) return known[method as keyof T];
      if ((watches as readonly string[]).includes(method)) {
        return (...args: unknown[]): Unsubscribe => {
          let stop: Unsubscribe | null = null;
          let stopped = false;
          const onError = args[args.length - 1] as (error: Error) => void;
          loaded().then(
            (real) => {
              if (!stopped) stop = call(real, method, args) as Unsubscribe;
            },
            (error: Error) => !stopped && onError(error),
          );
          return () => {
            stopped = true;
            stop?.();
          };
        };
      }
      return (...args: unknown[]) => loaded().then((real) => call(real, method, args));
    },
  });
}
