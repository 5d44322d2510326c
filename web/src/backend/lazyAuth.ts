import type { AuthDriver, AuthUser } from './types';
import type { Unsubscribe } from './unsubscribe';

/**
 * An auth driver whose code (the Firebase Auth SDK) loads as the app starts, beside the first
 * render instead of before it: the SDK is a quarter of the home route's JavaScript and the page
 * shows nothing that needs it before the session is known. Listeners start once it has loaded;
 * every other call waits for it. isSignInLink answers synchronously, so only pages that wait for
 * the session first (whenAuthKnown) may call it.
 */
export function lazyAuthDriver(load: () => Promise<AuthDriver>): AuthDriver {
  let loaded: AuthDriver | undefined;
  const driver = load().then((real) => (loaded = real));
  return new Proxy({} as AuthDriver, {
    get(_target, method) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      if (method === 'onAuthStateChanged') {
        return (listener: (user: AuthUser | null) => void): Unsubscribe => {
          let stop: Unsubscribe | null = null;
          let stopped = false;
          driver.then(
            (real) => {
              if (!stopped) stop = real.onAuthStateChanged(listener);
            },
            (error: unknown) => {
              // Without the SDK nobody can be signed in; visitors still get the page.
              console.error('The sign-in code did not load.', error);
              if (!stopped) listener(null);
            },
          );
          return () => {
            stopped = true;
            stop?.();
          };
        };
      }
      if (method === 'isSignInLink') {
        return (url: string) => {
          if (!loaded) throw new Error('isSignInLink was called before the session was known.');
          return loaded.isSignInLink(url);
        };
      }
      return (...args: unknown[]) =>
        driver.then((real) => (real[method as keyof AuthDriver] as (...a: unknown[]) => unknown)(...args));
    },
  });
}
