import { useCallback, useState, type ReactNode } from 'react';
import { isRecentLoginRequired } from '../auth/authErrors';
import { ReauthDialog } from './ReauthDialog';

interface PendingAction {
  action: () => Promise<void>;
  onError: (error: unknown) => void;
}

/**
 * Runs a sensitive action; when the auth provider answers auth/requires-recent-login it opens the
 * re-sign-in dialog and, after the user signs in again, retries the same action (spec §4).
 */
export function useReauthGuard(providers: readonly string[]): {
  guard: (action: () => Promise<void>, onError: (error: unknown) => void) => Promise<void>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<PendingAction | null>(null);

  const guard = useCallback(async (action: () => Promise<void>, onError: (error: unknown) => void) => {
    try {
      await action();
    } catch (error) {
      if (isRecentLoginRequired(error)) setPending({ action, onError });
      else onError(error);
    }
  }, []);

  const dialog = (
    <ReauthDialog
      opened={pending !== null}
      providers={providers}
      onClose={() => setPending(null)}
      onReauthenticated={() => {
        const retry = pending;
        setPending(null);
        if (retry) void guard(retry.action, retry.onError);
      }}
    />
  );
  return { guard, dialog };
}
