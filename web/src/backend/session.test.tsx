import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES, type MergedUser } from '@flipstage/core';
import { renderApp } from '../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../test-utils/fakeBackend';

function realtimeBackend() {
  const backend = createFakeBackend({ user: fakeAuthUser(), merged: fakeMergedUser({ creditsRemaining: 10 }) });
  const listeners: { next?: (merged: MergedUser | null) => void; error?: (error: Error) => void } = {};
  backend.account = {
    ...backend.account,
    realtime: true,
    watchMergedUser: (_user, onNext, onError) => {
      listeners.next = onNext;
      listeners.error = onError;
      return () => {};
    },
  };
  return { backend, listeners };
}

describe('session', () => {
  it('creates the account once after sign-in and shows its credits', async () => {
    const { backend } = renderApp('/dashboard', createFakeBackend({ user: fakeAuthUser() }));
    await waitFor(() => expect(screen.getByTestId('credits-remaining')).toHaveTextContent('10'));
    expect(backend.account.ensureAccount).toHaveBeenCalledTimes(1);
  });

  it('shows credit changes pushed by a realtime driver without a refetch', async () => {
    const { backend, listeners } = realtimeBackend();
    renderApp('/dashboard', backend);
    await waitFor(() => expect(screen.getByTestId('credits-remaining')).toHaveTextContent('10'));
    act(() => listeners.next?.(fakeMergedUser({ creditsRemaining: 60 })));
    await waitFor(() => expect(screen.getByTestId('credits-remaining')).toHaveTextContent('60'));
    expect(backend.account.readMergedUser).not.toHaveBeenCalled();
  });

  it('raises a realtime read failure with the MERGE_DB_USER message', async () => {
    const { backend, listeners } = realtimeBackend();
    renderApp('/dashboard', backend);
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(listeners.error).toBeDefined());
    act(() => listeners.error?.(new Error('Missing or insufficient permissions.')));
    expect(
      await screen.findByText(MESSAGES.mergeDbUserError('Missing or insufficient permissions.')),
    ).toBeInTheDocument();
  });

  it('keeps a visitor’s anonymous session signed out: guarded pages redirect, no account menu', async () => {
    const visitor = fakeAuthUser({ uid: 'visitor-1', email: null, providerIds: [], isAnonymous: true });
    const { router } = renderApp('/dashboard', createFakeBackend({ user: visitor }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('is signed in once the visitor’s session is linked, with the same uid', async () => {
    const visitor = fakeAuthUser({ uid: 'visitor-1', email: null, providerIds: [], isAnonymous: true });
    const backend = createFakeBackend({ user: visitor });
    renderApp('/', backend);
    act(() => backend.emitAuth(fakeAuthUser({ uid: 'visitor-1' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument());
  });
});
