import { useMemo } from 'react';
import { SIGNED_OUT_CREDITS, type MergedUser } from '@flipstage/core';
import { useAuthStatus, useMergedUser } from '../../backend/session';
import type { AuthStatus } from '../../backend/authState';

/** Who is using the studio; `user` is null while signed out or while the account loads. */
export interface StudioSession {
  status: AuthStatus;
  user: MergedUser | null;
  /** The cached account's balance when signed in; signed-out visitors have none (spec §4/§6). */
  credits: number;
  /** The balance is unknown until the auth state and, when signed in, the account have loaded. */
  loading: boolean;
}

export function useStudioSession(): StudioSession {
  const status = useAuthStatus();
  const user = useMergedUser();
  return useMemo(
    () => ({
      status,
      user,
      credits: user?.creditsRemaining ?? SIGNED_OUT_CREDITS,
      loading: status === 'unknown' || (status === 'signedIn' && !user),
    }),
    [status, user],
  );
}
