/** Signing up from a visitor's free tries (issue 24): the driver links their session, or signs in to a taken email. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';

vi.mock('../../analytics/track');

async function submitSignUp(email: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'secret-1');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('signing up with an email that already has an account', () => {
  it('signs in to it, goes where the sign-up was going, and says so', async () => {
    const backend = createFakeBackend();
    vi.mocked(backend.auth.signUp).mockImplementation(async (email) => {
      backend.emitAuth(fakeAuthUser({ email }));
      return 'signed-in-existing';
    });
    const { router } = renderApp('/auth/signup?next=/tips', backend);
    await submitSignUp('ada@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tips'));
    expect(await screen.findByText(MESSAGES.emailTakenSignedIn)).toBeInTheDocument();
  });
});

describe('signing up from a visitor’s session', () => {
  it('goes on as any sign-up does once the session is linked', async () => {
    const backend = createFakeBackend({
      user: fakeAuthUser({ uid: 'visitor-1', email: null, providerIds: [], isAnonymous: true }),
    });
    vi.mocked(backend.auth.signUp).mockImplementation(async (email) => {
      backend.emitAuth(fakeAuthUser({ uid: 'visitor-1', email, emailVerified: false }));
      return 'linked';
    });
    const { router } = renderApp('/auth/signup?next=/tips', backend);
    await submitSignUp('new@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tips'));
    expect(screen.queryByText(MESSAGES.emailTakenSignedIn)).not.toBeInTheDocument();
  });
});
