import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../../test-utils/fakeBackend';
import { browserLocation } from '../../app/browserLocation';

afterEach(() => vi.restoreAllMocks());

const activeCustomer = { planIsActive: true, stripeSubscriptionStatus: 'active', stripeCustomerId: 'cus_1' };

function signedIn(overrides: Parameters<typeof fakeMergedUser>[0] = {}, providerIds = ['password']) {
  return createFakeBackend({ user: fakeAuthUser({ providerIds }), merged: fakeMergedUser(overrides) });
}

describe('settings', () => {
  it('redirects a signed-out visitor to sign in and keeps the way back', async () => {
    const { router } = renderApp('/settings/password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(router.state.location.search).toEqual({ next: '/settings/password' });
  });

  it('returns to the guarded page after signing in', async () => {
    const { router } = renderApp('/settings/password');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/password'));
  });

  it('shows the General tab for an unknown section', async () => {
    renderApp('/settings/nonsense', signedIn());
    expect(await screen.findByRole('tab', { name: 'General', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Billing' })).toBeInTheDocument();
  });

  it('updates the profile name', async () => {
    const { backend } = renderApp('/settings/general', signedIn());
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
    expect(backend.account.updateProfile).toHaveBeenCalledWith(expect.objectContaining({ uid: 'user-1' }), {
      name: 'Ada Lovelace',
    });
  });

  it('requires a name and an email in the profile form', async () => {
    renderApp('/settings/general', signedIn());
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.profileEmailRequired)).toBeInTheDocument();
  });

  it('refuses a name with a text-direction override, as the API and firestore.rules do, and saves nothing', async () => {
    const { backend } = renderApp('/settings/general', signedIn());
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Eve\u202egnp.exe');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.nameInvisibleCharacters)).toBeInTheDocument();
    expect(backend.account.updateProfile).not.toHaveBeenCalled();
  });

  it('asks to confirm an email change through the links sent to both addresses', async () => {
    const { backend } = renderApp('/settings/general', signedIn());
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.emailChangeConfirm)).toBeInTheDocument();
    expect(backend.auth.changeEmail).toHaveBeenCalledWith(
      'ada.new@example.com',
      expect.stringContaining('/settings/general'),
    );
  });

  it('offers the billing portal only to users with a Stripe customer id', async () => {
    renderApp('/settings/general', signedIn());
    await screen.findByLabelText('Name');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('says so when the billing portal cannot be opened from the General tab', async () => {
    const backend = signedIn(activeCustomer);
    backend.billing.createBillingSession = vi.fn(async () => ({ status: 'error' as const, message: 'No plan' }));
    renderApp('/settings/general', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText(MESSAGES.billingPortalFailed)).toBeInTheDocument();
  });

  it('sends a user without an active plan from Billing to the pricing page', async () => {
    const { router } = renderApp('/settings/billing', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it('opens the billing portal in place of the Billing tab, with a return URL to the General tab', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { backend } = renderApp('/settings/billing', signedIn(activeCustomer));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(assign).not.toHaveBeenCalled();
    expect(backend.billing.createBillingSession).toHaveBeenCalledWith({
      returnUrl: `${window.location.origin}/settings/general`,
    });
  });

  it('keeps the General tab in history when Manage billing opens the portal', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    renderApp('/settings/general', signedIn(activeCustomer));
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the billing session error message on the Billing tab', async () => {
    const backend = signedIn(activeCustomer);
    backend.billing.createBillingSession = vi.fn(async () => ({
      status: 'error' as const,
      message: 'No billing account was found for this user.',
    }));
    renderApp('/settings/billing', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent('No billing account was found for this user.');
  });

  it('updates the password', async () => {
    const { backend } = renderApp('/settings/password', signedIn());
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(backend.auth.updatePassword).toHaveBeenCalledWith('new-secret');
  });

  it('asks a password user to sign in again on requires-recent-login, then retries', async () => {
    const backend = signedIn();
    let calls = 0;
    backend.auth.updatePassword = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('recent login'), { code: 'auth/requires-recent-login' });
    });
    renderApp('/settings/password', backend);
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.reauthTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByText(MESSAGES.reauthPasswordRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'old-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(backend.auth.reauthenticateWithPassword).toHaveBeenCalledWith('old-secret');
    expect(backend.auth.updatePassword).toHaveBeenCalledTimes(2);
  });

  it('offers provider sign-in in the re-sign-in dialog for social users', async () => {
    const backend = signedIn({ providers: ['google'] }, ['google.com']);
    backend.auth.updatePassword = vi.fn(async () => {
      throw Object.assign(new Error('recent login'), { code: 'auth/requires-recent-login' });
    });
    renderApp('/settings/password', backend);
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.reauthTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(backend.auth.reauthenticateWithProvider).toHaveBeenCalledWith('google'));
  });
});
