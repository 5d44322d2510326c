import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_PRICE_IDS, MESSAGES } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../../test-utils/fakeBackend';
import { CHECKOUT_CONFIRMING_MESSAGE, PAYMENT_SUCCESS_MESSAGE, TRIAL_STARTED_MESSAGE } from './DashboardPage';

function signedIn(overrides: Parameters<typeof fakeMergedUser>[0] = {}) {
  return createFakeBackend({ user: fakeAuthUser(), merged: fakeMergedUser(overrides) });
}

const edit = (n: number) => ({
  id: `edit-${n}`,
  user_id: 'user-1',
  input_image_url: `/blobs/in-${n}.jpg`,
  output_image_url: `/blobs/out-${n}.jpg`,
  background_style: `prompt ${n}`,
  style: 'modern',
  furniture_type: 'sofa',
  created_at: '2026-11-01T10:00:00.000Z',
});

describe('dashboard', () => {
  it('thanks the user after a successful payment', async () => {
    renderApp(
      '/dashboard?paid=true',
      signedIn({ planIsActive: true, stripeSubscriptionStatus: 'active', planId: LOCAL_PRICE_IDS.base }),
    );
    expect(await screen.findByText(PAYMENT_SUCCESS_MESSAGE)).toBeInTheDocument();
  });

  it('says a free trial charged nothing instead of calling it a payment', async () => {
    renderApp(
      '/dashboard?paid=true',
      signedIn({ planIsActive: true, stripeSubscriptionStatus: 'trialing', planId: LOCAL_PRICE_IDS.flipper }),
    );
    const notice = (await screen.findByText(TRIAL_STARTED_MESSAGE)).closest('[role="status"]');
    expect(notice).toHaveTextContent('Your free trial has started');
    expect(screen.queryByText(/Payment successful/)).not.toBeInTheDocument();
  });

  it('says the subscription is being confirmed while the payment provider has not told us yet', async () => {
    renderApp('/dashboard?paid=true', signedIn());
    expect(await screen.findByText(CHECKOUT_CONFIRMING_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/Payment successful/)).not.toBeInTheDocument();
  });

  it('takes paid=true off the address once the notice shows, so a reload does not repeat it', async () => {
    const { router } = renderApp('/dashboard?paid=true', signedIn());
    expect(await screen.findByText(CHECKOUT_CONFIRMING_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/dashboard'));
    expect(router.history.length).toBe(1);
    expect(screen.getByText(CHECKOUT_CONFIRMING_MESSAGE)).toBeInTheDocument();
  });

  it('shows no payment notice on a normal visit', async () => {
    renderApp('/dashboard', signedIn());
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the credits and the active plan with its trial badge', async () => {
    renderApp(
      '/dashboard',
      signedIn({
        creditsRemaining: 60,
        planId: LOCAL_PRICE_IDS.flipper,
        planIsActive: true,
        stripeSubscriptionStatus: 'trialing',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('credits-remaining')).toHaveTextContent('60'));
    expect(screen.getByTestId('plan-name')).toHaveTextContent('Flipper');
    expect(screen.getByText('Free trial')).toBeInTheDocument();
  });

  it('lists staged images with numbered downloads and a marketplace link naming the edit', async () => {
    const backend = signedIn();
    backend.account.listImageEdits = async () => ({ data: [edit(1), edit(2)], nextCursor: null });
    renderApp('/dashboard', backend);
    expect(await screen.findByRole('button', { name: 'Download staged_image_2.jpg' })).toBeInTheDocument();
    const listLinks = screen.getAllByRole('link', { name: 'List on Marketplace' });
    expect(listLinks[0]).toHaveAttribute(
      'href',
      `/marketplace?image=${encodeURIComponent('/blobs/out-1.jpg')}&edit=edit-1`,
    );
    expect(screen.getByRole('img', { name: 'Original photo 1' })).toHaveAttribute('src', '/blobs/in-1.jpg');
  });

  it('says on the card when its image cannot be downloaded', async () => {
    const backend = signedIn();
    backend.account.listImageEdits = async () => ({ data: [edit(1), edit(2)], nextCursor: null });
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderApp('/dashboard', backend);
      await userEvent.click(await screen.findByRole('button', { name: 'Download staged_image_2.jpg' }));
      const card = screen.getByRole('article', { name: 'Staged image 2' });
      expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.downloadFailed);
      expect(within(screen.getByRole('article', { name: 'Staged image 1' })).queryByRole('alert')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('invites the user to stage more', async () => {
    renderApp('/dashboard', signedIn());
    expect(await screen.findByRole('link', { name: 'Stage more furniture' })).toHaveAttribute('href', '/');
  });

  it('loads the next page of staged images on request', async () => {
    const backend = signedIn();
    backend.account.listImageEdits = vi.fn(async (_user, cursor: string | null) =>
      cursor === null ? { data: [edit(1)], nextCursor: 'cursor-2' } : { data: [edit(2)], nextCursor: null },
    );
    renderApp('/dashboard', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Download staged_image_2.jpg' })).toBeInTheDocument();
    expect(backend.account.listImageEdits).toHaveBeenLastCalledWith(
      expect.objectContaining({ uid: 'user-1' }),
      'cursor-2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
