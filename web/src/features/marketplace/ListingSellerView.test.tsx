import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_LISTING_FACTS, type Item, type ItemDetail } from '@flipstage/core';
import { clearNotifications } from '../../app/notify';
import type { MarketplaceDriver } from '../../backend/marketplace';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { renderApp } from '../../test-utils/renderApp';
import { memberSince, postedDate } from './ListingFacts';

function listing(overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id: 'item-1',
    title: 'Walnut dresser',
    description: 'Six drawers.',
    price: 420,
    tags: [],
    images: [],
    thumbs: [],
    owner: 'owner-1',
    state: 'active',
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    sellerName: 'Ada Lovelace',
    sellerSince: '2025-03-14T09:00:00.000Z',
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

function renderListing(item: ItemDetail, options: { uid?: string; sellerItems?: Item[] } = {}) {
  const fake = createFakeBackend({ user: options.uid ? fakeAuthUser({ uid: options.uid }) : null });
  const marketplace = {
    ...fake.marketplace,
    getItem: vi.fn(async () => item),
    listItems: vi.fn(async () => ({ data: [], nextCursor: null })),
    listSellerItems: vi.fn(async () => ({ data: options.sellerItems ?? [], nextCursor: null })),
    deleteItem: vi.fn(async () => {}),
  } satisfies MarketplaceDriver;
  return { ...renderApp('/marketplace/item-1', { ...fake, marketplace }), marketplace };
}

beforeAll(() => Promise.all([import('./listing.lazy'), import('./route.lazy')]));
afterEach(() => clearNotifications());

const findTitle = () => screen.findByRole('heading', { level: 1, name: 'Walnut dresser' }, { timeout: 5_000 });

describe('listing page: what buyers ask', () => {
  it('shows condition, dimensions, pickup area, delivery, the posted date and the member-since month', async () => {
    renderListing(
      listing({
        condition: 'like-new',
        dimensions: { width: 120, depth: 45, height: 80, unit: 'cm' },
        pickupArea: 'Utrecht',
        delivery: true,
      }),
    );
    await findTitle();
    const details = screen.getByRole('table', { name: 'Listing details' });
    expect(within(details).getByRole('row', { name: /Condition/ })).toHaveTextContent('Like new');
    expect(within(details).getByRole('row', { name: /Dimensions/ })).toHaveTextContent('120 × 45 × 80 cm');
    expect(within(details).getByRole('row', { name: /Pickup area/ })).toHaveTextContent('Utrecht');
    expect(within(details).getByRole('row', { name: /Delivery/ })).toHaveTextContent('Delivery available');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(`Posted ${postedDate('2026-11-20T12:00:00.000Z')}`);
    expect(main).toHaveTextContent('Seller: Ada Lovelace');
    expect(main).toHaveTextContent(`Member since ${memberSince('2025-03-14T09:00:00.000Z')}`);
  });

  it('says Pickup only without delivery, and leaves out facts the seller did not give', async () => {
    renderListing(listing({ sellerName: null, sellerSince: null }));
    await findTitle();
    const details = screen.getByRole('table', { name: 'Listing details' });
    expect(within(details).getAllByRole('row')).toHaveLength(1);
    expect(details).toHaveTextContent('Pickup only');
    expect(screen.getByRole('main')).toHaveTextContent('Seller: a FlipStage seller');
    expect(screen.queryByText(/Member since/)).not.toBeInTheDocument();
  });

  it('shows a Reserved badge on a reserved listing', async () => {
    renderListing(listing({ reserved: true }));
    await findTitle();
    expect(screen.getByRole('main')).toHaveTextContent('Reserved');
  });

  it("shows up to six of the seller's other active listings as cards", async () => {
    const others = Array.from({ length: 8 }, (_, i) => listing({ id: `other-${i}`, title: `Chair ${i}` }));
    renderListing(listing(), { sellerItems: [listing(), listing({ id: 'gone', title: 'Sold bench', state: 'sold' }), ...others] });
    const section = await screen.findByRole('region', { name: 'More from this seller' }, { timeout: 5_000 });
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(6);
    expect(within(section).queryByText('Walnut dresser')).not.toBeInTheDocument();
    expect(within(section).queryByText('Sold bench')).not.toBeInTheDocument();
  });
});

describe('listing page: Delete listing', () => {
  it('is only for the owner', async () => {
    renderListing(listing(), { uid: 'someone-else' });
    await findTitle();
    expect(screen.queryByRole('button', { name: 'Delete listing' })).not.toBeInTheDocument();
  });

  it('keeps the listing when the seller chooses Keep listing', async () => {
    const { marketplace } = renderListing(listing(), { uid: 'owner-1' });
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Delete listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marketplace.deleteItem).not.toHaveBeenCalled();
  });

  it('deletes after the confirm step and goes back to the marketplace, saying so', async () => {
    const { marketplace, router } = renderListing(listing(), { uid: 'owner-1' });
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Delete listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    expect(marketplace.deleteItem).toHaveBeenCalledWith('item-1');
    expect(await screen.findByText('Listing deleted.')).toBeInTheDocument();
  });
});
