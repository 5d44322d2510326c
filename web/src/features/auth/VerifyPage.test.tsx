import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser, type FakeBackend } from '../../test-utils/fakeBackend';
import { clearNotifications } from '../../app/notify';
import { RESEND_COOLDOWN_MS } from './VerifyEmailPrompt';

afterEach(() => {
  clearNotifications();
  vi.useRealTimers();
});

const unverified = () => fakeAuthUser({ email: 'ada@example.com', emailVerified: false });

/** The fake backend as Firebase mode: the sign-up credits wait for the verified email. */
function firebaseBackend(user = unverified()): FakeBackend {
  return { ...createFakeBackend({ user }), mode: 'firebase' };
}

const creditsPending = 'Confirm your email to get your 10 free credits.';

describe('/auth/verify before the email is confirmed', () => {
  it('says in Firebase mode that the 10 free credits come once the email is confirmed, and where the link went', async () => {
    renderApp('/auth/verify', firebaseBackend());
    expect(await screen.findByText(creditsPending)).toBeInTheDocument();
    expect(screen.getByText(/We sent a confirmation link to/)).toHaveTextContent(
      'We sent a confirmation link to ada@example.com. Click it, then come back to this page.',
    );
  });

  it('says in local mode that the credits are already there', async () => {
    renderApp('/auth/verify', createFakeBackend({ user: unverified() }));
    expect(await screen.findByText(/We sent a confirmation link to/)).toHaveTextContent(
      'your 10 free credits are already in your account, so you can start staging right away.',
    );
    expect(screen.queryByText(creditsPending)).not.toBeInTheDocument();
  });

  it('offers no Resend to a visitor who is not signed in', async () => {
    renderApp('/auth/verify', { ...createFakeBackend(), mode: 'firebase' });
    expect(await screen.findByText(creditsPending)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
  });
});

describe('/auth/verify: Resend email', () => {
  it('sends a new link that continues to /auth/verify, says so, and rests the button for a while', async () => {
    const { backend } = renderApp('/auth/verify', firebaseBackend());
    await userEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('We sent a new confirmation link to ada@example.com.')).toBeInTheDocument();
    expect(backend.auth.resendEmailVerification).toHaveBeenCalledWith(`${window.location.origin}/auth/verify`);
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeDisabled();
  });

  it('is offered again once the rest is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/auth/verify', firebaseBackend());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend email' })).toBeDisabled());
    vi.advanceTimersByTime(RESEND_COOLDOWN_MS);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled());
  });

  it("shows Firebase's refusal and leaves the button usable", async () => {
    const backend = firebaseBackend();
    vi.mocked(backend.auth.resendEmailVerification).mockRejectedValueOnce(
      Object.assign(new Error('blocked'), { code: 'auth/too-many-requests' }),
    );
    renderApp('/auth/verify', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled();
  });
});

describe('/auth/verify once the email is confirmed (Firebase mode)', () => {
  it('checks on request, and an account call with the new token brings the credits', async () => {
    const backend = firebaseBackend();
    renderApp('/auth/verify', backend);
    await waitFor(() => expect(backend.account.ensureAccount).toHaveBeenCalledTimes(1));
    vi.mocked(backend.auth.refreshEmailVerified).mockResolvedValueOnce(true);
    await userEvent.click(await screen.findByRole('button', { name: 'I’ve confirmed my email' }));
    expect(
      await screen.findByText('Your email address is confirmed. Your 10 free credits are in your account.'),
    ).toBeInTheDocument();
    expect(backend.account.ensureAccount).toHaveBeenCalledTimes(2);
  });

  it('says when the email is not confirmed yet', async () => {
    renderApp('/auth/verify', firebaseBackend());
    await userEvent.click(await screen.findByRole('button', { name: 'I’ve confirmed my email' }));
    expect(await screen.findByText(/Your email address is not confirmed yet/)).toBeInTheDocument();
  });

  it("notices on landing that the email was confirmed on Firebase's own page", async () => {
    const backend = firebaseBackend();
    vi.mocked(backend.auth.refreshEmailVerified).mockResolvedValue(true);
    renderApp('/auth/verify', backend);
    expect(
      await screen.findByText('Your email address is confirmed. Your 10 free credits are in your account.'),
    ).toBeInTheDocument();
  });

  it('claims the credits on landing when the SDK already holds the user as verified but the token is older', async () => {
    const backend = firebaseBackend(fakeAuthUser({ email: 'ada@example.com', emailVerified: true }));
    vi.mocked(backend.auth.refreshEmailVerified).mockResolvedValue(true);
    renderApp('/auth/verify', backend);
    expect(
      await screen.findByText('Your email address is confirmed. Your 10 free credits are in your account.'),
    ).toBeInTheDocument();
    expect(backend.auth.refreshEmailVerified).toHaveBeenCalledTimes(1);
  });

  it('claims the credits after applying the confirmation code', async () => {
    const backend = firebaseBackend();
    renderApp('/auth/verify?mode=verifyEmail&oobCode=verify-1', backend);
    expect(
      await screen.findByText('Your email address is confirmed. Your 10 free credits are in your account.'),
    ).toBeInTheDocument();
    expect(backend.auth.applyActionCode).toHaveBeenCalledWith('verify-1');
  });

  it('asks a visitor who confirmed on another device to log in for the credits', async () => {
    renderApp('/auth/verify?mode=verifyEmail&oobCode=verify-1', { ...createFakeBackend(), mode: 'firebase' });
    expect(
      await screen.findByText('Your email address is confirmed. Log in to get your 10 free credits.'),
    ).toBeInTheDocument();
  });
});

describe('/auth/verify after a password sign-up', () => {
  async function signUp(path: string, backend: FakeBackend) {
    const rendered = renderApp(path, backend);
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    return rendered;
  }

  it('is where a Firebase-mode sign-up lands, keeping where the user was going', async () => {
    const { router } = await signUp('/auth/signup?next=/pricing', { ...createFakeBackend(), mode: 'firebase' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify'));
    expect(router.state.location.search).toEqual({ next: '/pricing' });
    expect(await screen.findByText(creditsPending)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });
});
