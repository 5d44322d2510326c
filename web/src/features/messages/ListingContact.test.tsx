import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, NO_LISTING_FACTS, type ItemDetail } from '@flipstage/core';
import type { MarketplaceDriver } from '../../backend/marketplace';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeMessages } from '../../test-utils/fakeMessages';
import { renderApp } from '../../test-utils/renderApp';
import { OFFER_OPENING } from './ListingContact';

const listing: ItemDetail = {
  id: 'item-1',
  title: 'Walnut dresser',
  description: 'Six drawers.',
  price: 420,
  tags: [],
  images: [],
  thumbs: [],
  owner: 'seller-1',
  state: 'active',
  aiStaged: false,
  ...NO_LISTING_FACTS,
  reserved: false,
  variants: [],
  sellerName: 'Sam Seller',
  sellerSince: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderListing(uid: string | null, item: ItemDetail = listing) {
  const fake = createFakeMessages();
  const base = createFakeBackend({ user: uid ? fakeAuthUser({ uid }) : null, messages: fake.driver });
  const marketplace = { ...base.marketplace, getItem: vi.fn(async () => item) } satisfies MarketplaceDriver;
  return { ...renderApp('/marketplace/item-1', { ...base, marketplace }), fake };
}

beforeAll(() => Promise.all([import('../marketplace/listing.lazy'), import('./conversation.lazy')]));

const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Walnut dresser' }, { timeout: 5_000 });

describe('contacting the seller from a listing', () => {
  it('sends a signed-out visitor to sign in, coming back to the listing', async () => {
    renderListing(null);
    await findTitle();
    expect(screen.getByRole('link', { name: 'Message seller' })).toHaveAttribute(
      'href',
      '/auth/signin?next=%2Fmarketplace%2Fitem-1',
    );
    expect(screen.queryByRole('button', { name: 'Report listing' })).not.toBeInTheDocument();
  });

  it('offers the owner neither messaging nor reporting', async () => {
    renderListing('seller-1');
    await findTitle();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report listing' })).not.toBeInTheDocument();
  });

  it("opens the buyer's conversation with the first message", async () => {
    const { fake, router } = renderListing('buyer-1');
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Message seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message seller' });
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Does it come apart?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.driver.start).toHaveBeenCalledWith('item-1', 'Does it come apart?'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/conv-new'));
  });

  it('sends an offer in a new conversation and opens it', async () => {
    const { fake, router } = renderListing('buyer-1');
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price' }), '380');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(fake.driver.offer).toHaveBeenCalledWith('conv-new', 380));
    expect(fake.driver.start).toHaveBeenCalledWith('item-1', OFFER_OPENING);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/conv-new'));
  });

  it('refuses an offer without a price', async () => {
    const { fake } = renderListing('buyer-1');
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price' }), 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText(MESSAGES.offerPriceRequired)).toBeInTheDocument();
    expect(fake.driver.start).not.toHaveBeenCalled();
  });

  it('reports the listing with a reason', async () => {
    const { fake } = renderListing('buyer-1');
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Report listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report listing' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Stolen photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fake.driver.report).toHaveBeenCalledWith({ itemId: 'item-1', reason: 'Stolen photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report listing' })).not.toBeInTheDocument());
  });

  it('offers no messaging on a sold listing', async () => {
    renderListing('buyer-1', { ...listing, state: 'sold' });
    await findTitle();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report listing' })).toBeInTheDocument();
  });
});
