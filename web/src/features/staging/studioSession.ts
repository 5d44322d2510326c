import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { TRIAL_CREDITS, type MergedUser } from '@flipstage/core';
import { useAuthStatus, useMergedUser, useVisitor, useVisitorCredits } from '../../backend/session';
import { visitStartAtom, type AuthStatus } from '../../backend/authState';

/** Who is using the studio; `user` is null while signed out or while the account loads. */
export interface StudioSession {
  status: AuthStatus;
  user: MergedUser | null;
  /**
   * The cached account's balance when signed in; a signed-out visitor's free tries left (spec §6's
   * local counter, kept by the server on their anonymous session), the whole trial before it starts.
   */
  credits: number;
  /** The balance is unknown until the auth state and, when signed in, the account have loaded. */
  loading: boolean;
}

export function useStudioSession(): StudioSession {
  const status = useAuthStatus();
  const user = useMergedUser();
  const visitor = useVisitor();
  const visitorCredits = useVisitorCredits();
  const visitStart = useAtomValue(visitStartAtom);
  return useMemo(() => {
    if (status !== 'signedOut') return { status, user, credits: user?.creditsRemaining ?? 0, loading: !user };
    // A visit that could not start has no tries: Generate then offers the sign-up credits.
    const credits = visitorCredits ?? (visitStart === 'failed' ? 0 : TRIAL_CREDITS);
    const loading = visitStart === 'starting' || (visitor !== null && visitorCredits === null);
    return { status, user, credits, loading };
  }, [status, user, visitor, visitorCredits, visitStart]);
}
