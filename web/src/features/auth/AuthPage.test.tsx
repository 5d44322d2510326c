import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { rememberProvider } from './authStorage';
import { resetSentDetail } from './ForgotPasswordForm';
import { clearNotifications } from '../../app/notify';

async function fill(label: string, value: string) {
  await userEvent.type(screen.getByLabelText(label), value);
}

// Toasts live in a store of their own, outside what each test renders.
afterEach(() => clearNotifications());

describe('auth screen', () => {
  it('shows email, password and confirm password for sign up', async () => {
    renderApp('/auth/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('asks for no confirmation when signing in', async () => {
    renderApp('/auth/signin');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
  });

  it('asks only for the email address on forgot password', async () => {
    renderApp('/auth/forgotpass');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('falls back to sign up for an unknown type', async () => {
    renderApp('/auth/whatever');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('treats the reset-password path as change password', async () => {
    renderApp('/auth/reset-password?oobCode=code-1');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
  });

  it('shows the required-field messages when sign up is submitted empty', async () => {
    renderApp('/auth/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.confirmRequired)).toBeInTheDocument();
  });

  it('rejects a confirmation that does not match the password', async () => {
    renderApp('/auth/signup');
    await screen.findByLabelText('Email');
    await fill('Email', 'new@example.com');
    await fill('Password', 'secret-1');
    await fill('Confirm password', 'secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(MESSAGES.confirmMismatch)).toBeInTheDocument();
  });

  it('signs up with a confirmation link to /auth/verify and goes to the next path', async () => {
    const { backend, router } = renderApp('/auth/signup?next=/tips');
    await screen.findByLabelText('Email');
    await fill('Email', 'new@example.com');
    await fill('Password', 'secret-1');
    await fill('Confirm password', 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tips'));
    expect(backend.auth.signUp).toHaveBeenCalledWith(
      'new@example.com',
      'secret-1',
      `${window.location.origin}/auth/verify`,
    );
  });

  it('goes to the dashboard after signing in when no next path is given', async () => {
    const { router } = renderApp('/auth/signin');
    await screen.findByLabelText('Email');
    await fill('Email', 'ada@example.com');
    await fill('Password', 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a failed sign-in in the form and as an alert', async () => {
    const backend = createFakeBackend();
    backend.auth.signIn = async () => {
      throw Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' });
    };
    renderApp('/auth/signin', backend);
    await screen.findByLabelText('Email');
    await fill('Email', 'ada@example.com');
    await fill('Password', 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('The email or password is incorrect.')).toHaveLength(2);
  });

  it("clears the failed attempt's alert once a sign-in succeeds", async () => {
    const backend = createFakeBackend();
    const succeed = backend.auth.signIn;
    backend.auth.signIn = vi.fn(async () => {
      throw Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' });
    });
    const { router } = renderApp('/auth/signin', backend);
    await screen.findByLabelText('Email');
    await fill('Email', 'ada@example.com');
    await fill('Password', 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('The email or password is incorrect.')).toHaveLength(2);

    backend.auth.signIn = succeed;
    await userEvent.clear(screen.getByLabelText('Password'));
    await fill('Password', 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(screen.queryByText('The email or password is incorrect.')).not.toBeInTheDocument());
  });

  it('sends the reset email with a timestamped continue URL and confirms it', async () => {
    const { backend } = renderApp('/auth/forgotpass');
    await screen.findByLabelText('Email');
    await fill('Email', 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.passwordResetSent)).toBeInTheDocument();
    expect(backend.auth.sendPasswordReset).toHaveBeenCalledWith(
      'ada@example.com',
      expect.stringMatching(new RegExp(`^${window.location.origin}/auth/reset-password\\?ts=\\d+$`)),
    );
  });

  it('answers an unknown address on forgot password exactly as a known one', async () => {
    const backend = createFakeBackend();
    backend.auth.sendPasswordReset = vi.fn(async () => {
      throw Object.assign(new Error('Firebase: Error (auth/user-not-found).'), { code: 'auth/user-not-found' });
    });
    renderApp('/auth/forgotpass', backend);
    await screen.findByLabelText('Email');
    await fill('Email', 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(MESSAGES.passwordResetSent);
    expect(status).toHaveTextContent(resetSentDetail('nobody@example.com'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('The email or password is incorrect.')).not.toBeInTheDocument();
  });

  it('still reports a reset email that could not be sent for another reason', async () => {
    const backend = createFakeBackend();
    backend.auth.sendPasswordReset = vi.fn(async () => {
      throw Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), {
        code: 'auth/network-request-failed',
      });
    });
    renderApp('/auth/forgotpass', backend);
    await screen.findByLabelText('Email');
    await fill('Email', 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findAllByText(/could not reach the sign-in service/)).not.toHaveLength(0);
    expect(screen.queryByText(MESSAGES.passwordResetSent)).not.toBeInTheDocument();
  });

  it('sets the new password with the code from the reset email', async () => {
    const { backend } = renderApp('/auth/reset-password?oobCode=code-1');
    await screen.findByLabelText('New password');
    await fill('New password', 'fresh-pass');
    await fill('Confirm password', 'fresh-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(backend.auth.confirmPasswordReset).toHaveBeenCalledWith('code-1', 'fresh-pass');
  });

  it('highlights the last-used social provider', async () => {
    rememberProvider('github');
    renderApp('/auth/signin');
    const github = await screen.findByRole('button', { name: 'Continue with GitHub' });
    expect(github).toHaveTextContent('Last used');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).not.toHaveTextContent('Last used');
    window.localStorage.clear();
  });

  it('remembers the provider used for social sign-in and goes to the dashboard', async () => {
    const { backend, router } = renderApp('/auth/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(backend.auth.signInWithProvider).toHaveBeenCalledWith('google');
    expect(window.localStorage.getItem('flipstage.lastAuthProvider')).toBe('google');
    window.localStorage.clear();
  });

  it('completes an email-link sign-in on /auth/verify with the saved address', async () => {
    window.localStorage.setItem('flipstage.emailForSignIn', 'ada@example.com');
    const backend = createFakeBackend();
    backend.auth.isSignInLink = () => true;
    const { router } = renderApp('/auth/verify?next=/tips', backend);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tips'));
    expect(backend.auth.completeSignInLink).toHaveBeenCalledWith('ada@example.com', window.location.href);
    window.localStorage.clear();
  });

  it('applies the email confirmation code on /auth/verify', async () => {
    const { backend } = renderApp(
      '/auth/verify?mode=verifyEmail&oobCode=verify-1',
      createFakeBackend({ user: fakeAuthUser() }),
    );
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(backend.auth.applyActionCode).toHaveBeenCalledWith('verify-1');
  });

  it('points a signed-out visitor without a reset code to log in', async () => {
    renderApp('/auth/reset-password?ts=123');
    expect(await screen.findByText(/If you have just chosen a new password, log in with it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new reset link' })).toHaveAttribute('href', '/auth/forgotpass');
  });

  it('lets a signed-in user change the password on /auth/changepass', async () => {
    const { backend } = renderApp('/auth/changepass', createFakeBackend({ user: fakeAuthUser() }));
    await userEvent.type(await screen.findByLabelText('New password'), 'fresh-pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'fresh-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(backend.auth.updatePassword).toHaveBeenCalledWith('fresh-pass');
  });
});
