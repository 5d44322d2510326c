import { useCallback } from 'react';
import { useStore } from 'jotai';
import { useNavigate } from '@tanstack/react-router';
import { resolveNextPath } from '@flipstage/core';
import { whenSignedIn } from '../../backend/authState';
import { clearNotifications } from '../../app/notify';

/**
 * After a successful sign-in: clear the failed attempts' toasts (they would cover the avatar the
 * user now needs), wait for the session to see the user, then go to `next` (default /dashboard).
 */
export function useFinishSignIn(next: string | undefined): () => Promise<void> {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    clearNotifications();
    await whenSignedIn(store);
    await navigate({ href: resolveNextPath(next) });
  }, [store, navigate, next]);
}
