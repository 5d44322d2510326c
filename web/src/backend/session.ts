import { useCallback, useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mergeUser, type MergedUser } from '@flipstage/core';
import { useBackend } from './BackendContext';
import { authStateAtom, mergeErrorAtom, visitStartAtom, type AuthState, type AuthStatus } from './authState';
import { authIdentity, withProviders } from './accountIdentity';
import { mergeDbUser } from './config';
import { ApiError } from './http';
import type { AuthUser, Backend } from './types';

export const MERGED_USER_QUERY_KEY = ['mergedUser'] as const;
export const IMAGE_EDITS_QUERY_KEY = ['imageEdits'] as const;
export const BOOKS_QUERY_KEY = ['books'] as const;
/** Local mode polls gently so webhook-driven credit changes show without a reload. */
export const MERGED_USER_POLL_MS = 10_000;

export function useAuthStatus(): AuthStatus {
  return useAtomValue(authStateAtom).status;
}

export function useAuthUser(): AuthUser | null {
  const state = useAtomValue(authStateAtom);
  return state.status === 'signedIn' ? state.user : null;
}

/** A signed-out visitor's anonymous session, once the studio has started one (spec §6's free tries). */
export function useVisitor(): AuthUser | null {
  const state = useAtomValue(authStateAtom);
  return state.status === 'signedOut' ? (state.visitor ?? null) : null;
}

export const VISITOR_ACCOUNT_QUERY_KEY = ['visitorAccount'] as const;

/** The visitor's account: made (with the free tries, once) by its first read, POST /api/account. */
function useVisitorAccountQuery() {
  const backend = useBackend();
  const visitor = useVisitor();
  return useQuery({
    queryKey: [...VISITOR_ACCOUNT_QUERY_KEY, visitor?.uid ?? null],
    queryFn: () => backend.account.ensureAccount(visitor!),
    enabled: visitor !== null,
    staleTime: Infinity,
  });
}

/** The visitor's free tries left; null while signed in, before the visit starts, or while it loads. */
export function useVisitorCredits(): number | null {
  const visitor = useVisitor();
  const { data, isError } = useVisitorAccountQuery();
  if (!visitor) return null;
  // An account the API would not make has no tries: Generate then offers the sign-up credits.
  return data?.creditsRemaining ?? (isError ? 0 : null);
}

/**
 * Starts a signed-out visitor's anonymous session (at their first photo: the preview and the
 * staging need a token). Calls while one is starting share it; nothing happens when someone is
 * signed in or the visit has started.
 */
export function useStartVisit(): () => Promise<void> {
  const backend = useBackend();
  const store = useStore();
  return useCallback(async () => {
    const state = store.get(authStateAtom);
    if (state.status !== 'signedOut' || state.visitor || store.get(visitStartAtom) === 'starting') return;
    store.set(visitStartAtom, 'starting');
    try {
      await backend.auth.signInVisitor();
      store.set(visitStartAtom, 'idle');
    } catch (error) {
      console.warn('The free tries could not start', error);
      store.set(visitStartAtom, 'failed');
    }
  }, [backend, store]);
}

/** Keyed by the identity fields the merged user falls back on, so a profile change refetches it. */
function mergedUserKey(user: AuthUser | null) {
  return [...MERGED_USER_QUERY_KEY, user?.uid ?? null, user?.email ?? null, user?.displayName ?? null] as const;
}

const ensuredAccounts = new WeakMap<Backend, Set<string>>();

/** The first read per user and page creates the account (POST /api/account, idempotent); later reads only read. */
async function loadMergedUser(backend: Backend, user: AuthUser): Promise<MergedUser | null> {
  if (!mergeDbUser) return withProviders(mergeUser(authIdentity(user), null, null), user);
  const ensured = ensuredAccounts.get(backend) ?? new Set<string>();
  ensuredAccounts.set(backend, ensured);
  if (ensured.has(user.uid)) return backend.account.readMergedUser(user);
  const merged = await backend.account.ensureAccount(user);
  ensured.add(user.uid);
  return merged;
}

function useMergedUserQuery() {
  const backend = useBackend();
  const user = useAuthUser();
  return useQuery({
    queryKey: mergedUserKey(user),
    queryFn: () => loadMergedUser(backend, user!),
    enabled: user !== null,
    refetchInterval: backend.account.realtime || !mergeDbUser ? false : MERGED_USER_POLL_MS,
    refetchOnWindowFocus: !backend.account.realtime,
    staleTime: backend.account.realtime ? Infinity : 0,
  });
}

/** The signed-in user merged with their account data; null while loading, signed out or absent (spec §4). */
export function useMergedUser(): MergedUser | null {
  const user = useAuthUser();
  const { data } = useMergedUserQuery();
  return user && data ? data : null;
}

export function useCredits(): number | null {
  return useMergedUser()?.creditsRemaining ?? null;
}

/**
 * Why the merged user could not be read: the database (spec §8's MERGE_DB_USER message), or the API
 * refusing the session (401, even with a freshly issued token), which no database setting would fix.
 */
export type MergedUserFailure = { cause: 'database'; error: Error } | { cause: 'session'; error: ApiError };

export function useMergedUserFailure(): MergedUserFailure | null {
  const realtimeError = useAtomValue(mergeErrorAtom);
  const { error } = useMergedUserQuery();
  const failure = realtimeError ?? error;
  if (!failure) return null;
  if (failure instanceof ApiError && failure.status === 401) return { cause: 'session', error: failure };
  return { cause: 'database', error: failure };
}

/**
 * A staging answer carries the balance after it; the cached user takes it at once. A read already
 * under way is cancelled first, so an answer from before the charge cannot overwrite it; the next
 * snapshot (Firebase mode) or poll (local mode) confirms it.
 */
export function useRecordCreditsRemaining(): (creditsRemaining: number) => void {
  const queryClient = useQueryClient();
  const store = useStore();
  return useCallback(
    (creditsRemaining) => {
      const state = store.get(authStateAtom);
      const owner = state.status === 'signedIn' ? state.user : state.status === 'signedOut' ? state.visitor : undefined;
      if (!owner) return;
      const filters = {
        queryKey: [...(state.status === 'signedIn' ? MERGED_USER_QUERY_KEY : VISITOR_ACCOUNT_QUERY_KEY), owner.uid],
        predicate: (query: { state: { data: unknown } }) => query.state.data != null,
      };
      void queryClient.cancelQueries(filters);
      queryClient.setQueriesData<MergedUser | null>(filters, (user) => user && { ...user, creditsRemaining });
    },
    [queryClient, store],
  );
}

export function refreshMergedUser(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: MERGED_USER_QUERY_KEY });
}

/** Call after anything that changes credits or the profile (staging, checkout, profile edits). */
export function useRefreshMergedUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshMergedUser(queryClient), [queryClient]);
}

/** Mounted once by the app: follows the auth provider and, in Firebase mode, the realtime account documents. */
export function useSessionSync(): void {
  const backend = useBackend();
  const store = useStore();
  const queryClient = useQueryClient();
  const user = useAuthUser();
  const setMergeError = useSetAtom(mergeErrorAtom);

  useEffect(
    () =>
      backend.auth.onAuthStateChanged((next) => {
        // A visitor's anonymous session is signed out for the spec; signing up links it (a signed-in state).
        const state: AuthState = !next
          ? { status: 'signedOut' }
          : next.isAnonymous
            ? { status: 'signedOut', visitor: next }
            : { status: 'signedIn', user: next };
        store.set(authStateAtom, state);
        if (state.status === 'signedOut') queryClient.removeQueries({ queryKey: MERGED_USER_QUERY_KEY });
        if (state.status === 'signedIn') queryClient.removeQueries({ queryKey: VISITOR_ACCOUNT_QUERY_KEY });
      }),
    [backend, store, queryClient],
  );

  useEffect(() => {
    const { account } = backend;
    if (!user || !account.watchMergedUser || !mergeDbUser) return;
    setMergeError(null);
    return account.watchMergedUser(
      user,
      (merged) => {
        if (merged) queryClient.setQueryData(mergedUserKey(user), merged);
      },
      (error) => setMergeError(error),
    );
  }, [backend, user, queryClient, setMergeError]);
}

/** Signs out (spec §2 Log Out); callers navigate to / afterwards. */
export function useSignOutUser(): () => Promise<void> {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await backend.auth.signOut();
    queryClient.removeQueries({ queryKey: MERGED_USER_QUERY_KEY });
    queryClient.removeQueries({ queryKey: IMAGE_EDITS_QUERY_KEY });
    queryClient.removeQueries({ queryKey: BOOKS_QUERY_KEY });
  }, [backend, queryClient]);
}

/**
 * The signed-in seller's books key: every query of their books is under it, the books' pages' and
 * the listing dialog's list of pieces alike, so a write in either shows in both.
 */
export function useBooksKey() {
  return [...BOOKS_QUERY_KEY, useAuthUser()?.uid ?? null] as const;
}
