import { atom, type createStore } from 'jotai';
import type { AuthUser } from './types';

/**
 * Spec §4: unknown until the auth provider answers, then signed in or signed out. A signed-out
 * visitor trying the studio holds an anonymous session (`visitor`): still signed out for the spec
 * (the navbar, the guarded routes), but the API knows them by it (their free tries, spec §6).
 */
export type AuthState =
  { status: 'unknown' } | { status: 'signedIn'; user: AuthUser } | { status: 'signedOut'; visitor?: AuthUser };
export type AuthStatus = AuthState['status'];

export const authStateAtom = atom<AuthState>({ status: 'unknown' });

/** A signed-out visitor's anonymous session being started (at their first photo), or failed to start. */
export const visitStartAtom = atom<'idle' | 'starting' | 'failed'>('idle');

/** A merged-user read error from a realtime listener (the polling path reports through react-query). */
export const mergeErrorAtom = atom<Error | null>(null);

export type AppStore = ReturnType<typeof createStore>;

/** Resolves once the auth state is known; route guards await it. */
export function whenAuthKnown(store: AppStore): Promise<AuthState> {
  const current = store.get(authStateAtom);
  if (current.status !== 'unknown') return Promise.resolve(current);
  return new Promise((resolve) => {
    const stop = store.sub(authStateAtom, () => {
      const next = store.get(authStateAtom);
      if (next.status !== 'unknown') {
        stop();
        resolve(next);
      }
    });
  });
}

/** Resolves once the session reports a signed-in user (after a sign-in call, before navigating to a guarded page). */
export function whenSignedIn(store: AppStore): Promise<void> {
  if (store.get(authStateAtom).status === 'signedIn') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.sub(authStateAtom, () => {
      if (store.get(authStateAtom).status === 'signedIn') {
        stop();
        resolve();
      }
    });
  });
}
