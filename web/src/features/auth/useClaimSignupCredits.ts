import { useCallback } from 'react';
import { useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useBackend } from '../../backend/BackendContext';
import { whenAuthKnown } from '../../backend/authState';
import { mergeDbUser } from '../../backend/config';
import { refreshMergedUser } from '../../backend/session';

/**
 * Once the email is confirmed and the session holds a token that says so: in Firebase mode the API
 * grants the sign-up credits at the next account call, and the app makes that call only once per
 * page, so it is made again here (idempotent: the credits come once). True when it was made.
 */
export function useClaimSignupCredits(): () => Promise<boolean> {
  const backend = useBackend();
  const store = useStore();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // A confirmation link opened in a fresh tab may be applied before Auth has restored the session.
    const state = await whenAuthKnown(store);
    if (state.status !== 'signedIn' || !mergeDbUser) return false;
    await backend.account.ensureAccount(state.user);
    await refreshMergedUser(queryClient);
    return true;
  }, [backend, store, queryClient]);
}
