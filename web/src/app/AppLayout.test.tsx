import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@flipstage/core';
import { renderApp } from '../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../test-utils/fakeBackend';
import { ApiError } from '../backend/http';

describe('app frame', () => {
  it('links Home, Pricing and Marketplace and offers Log in and Sign up when signed out', async () => {
    renderApp('/tips');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Pricing', 'Marketplace'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/signup');
  });

  it('adds a Dashboard link to the top bar and the mobile menu when signed in', async () => {
    renderApp('/tips', createFakeBackend({ user: fakeAuthUser() }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers no Dashboard link when signed out', async () => {
    renderApp('/tips');
    await screen.findByRole('link', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('has the footer links', async () => {
    renderApp('/tips');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/legal/terms-of-service',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/legal/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Marketplace' })).toBeInTheDocument();
  });

  it('shows the avatar menu with My Account and Log Out when signed in', async () => {
    const { router, backend } = renderApp('/dashboard', createFakeBackend({ user: fakeAuthUser() }));
    await screen.findByText('Welcome to FlipStage, Ada.');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'My Account' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(backend.auth.signOut).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('opens the mobile menu with the same items', async () => {
    renderApp('/tips');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of ['Home', 'Pricing', 'Marketplace', 'Log in', 'Sign up']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
  });

  it('shows the MERGE_DB_USER message when the account data cannot be read', async () => {
    const backend = createFakeBackend({ user: fakeAuthUser() });
    backend.account.ensureAccount = async () => {
      throw new Error('connection refused');
    };
    renderApp('/tips', backend);
    expect(await screen.findByText(MESSAGES.mergeDbUserError('connection refused'))).toBeInTheDocument();
  });

  it('says the session was refused, not that the database is misconfigured, when the API answers 401', async () => {
    const backend = createFakeBackend({ user: fakeAuthUser() });
    backend.account.ensureAccount = async () => {
      throw new ApiError(401, MESSAGES.invalidToken);
    };
    renderApp('/tips', backend);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidToken);
    expect(screen.queryByText(/MERGE_DB_USER/)).not.toBeInTheDocument();
  });

  it('sets the page title, description and canonical link', async () => {
    renderApp('/pricing');
    await waitFor(() => expect(document.title).toBe('Pricing | FlipStage'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/pricing`,
    );
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Pricing | FlipStage');
  });

  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderApp('/tips');
    await screen.findByRole('heading', { name: 'Prompt tips for staging' });
    scrollTo.mockClear();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Terms of Use' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal/terms-of-service'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
