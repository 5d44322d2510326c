import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_LISTING_FACTS, type Item, type OwnListingModeration } from '@flipstage/core';
import type { MarketplaceDriver } from '../../backend/marketplace';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';

function listing(id: string, title: string, overrides: Partial<Item> = {}): Item {
  return {
    id,
    title,
    description: '',
    price: 100,
    tags: [],
    images: [],
    thumbs: [],
    owner: 'user-1',
    state: 'active',
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderDashboard(items: Item[], more: Item[] = [], moderated: OwnListingModeration[] = []) {
  const fake = createFakeBackend({ user: fakeAuthUser() });
  fake.moderation.ownListings = vi.fn(async () => ({ data: moderated }));
  const listSellerItems = vi.fn(async (_seller: string, cursor: string | null) =>
    cursor === null ? { data: items, nextCursor: more.length > 0 ? 'page-2' : null } : { data: more, nextCursor: null },
  );
  const marketplace = { ...fake.marketplace, listSellerItems } satisfies MarketplaceDriver;
  renderApp('/dashboard', { ...fake, marketplace });
  return { listSellerItems };
}

describe('My listings', () => {
  it("lists the user's own listings with Active, Reserved and Sold badges, each linking to its page", async () => {
    const { listSellerItems } = renderDashboard([
      listing('a', 'Oak dresser'),
      listing('b', 'Teak sideboard', { reserved: true }),
      listing('c', 'Pine bench', { state: 'sold' }),
    ]);
    const list = await screen.findByRole('list', { name: 'My listings' }, { timeout: 5_000 });
    expect(listSellerItems).toHaveBeenCalledWith('user-1', null, expect.anything());
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Active'),
      expect.stringContaining('Reserved'),
      expect.stringContaining('Sold'),
    ]);
    expect(within(list).getByRole('link', { name: 'Teak sideboard' })).toHaveAttribute('href', '/marketplace/b');
  });

  it('marks a listing reports have hidden, and one a moderator removed with the reason', async () => {
    renderDashboard(
      [listing('a', 'Oak dresser'), listing('b', 'Teak sideboard'), listing('c', 'Pine bench')],
      [],
      [
        { itemId: 'a', status: 'hidden', reason: null, updated_at: '2026-11-27T10:00:00.000Z' },
        { itemId: 'b', status: 'removed', reason: 'Stolen photos', updated_at: '2026-11-27T11:00:00.000Z' },
      ],
    );
    const list = await screen.findByRole('list', { name: 'My listings' }, { timeout: 5_000 });
    const [hidden, removed, listed] = within(list).getAllByRole('listitem');
    expect(await within(hidden!).findByText('Hidden for review')).toBeInTheDocument();
    expect(within(removed!).getByText('Removed')).toBeInTheDocument();
    expect(removed).toHaveTextContent('Reason: Stolen photos');
    expect(listed).not.toHaveTextContent(/Hidden for review|Removed/);
    expect(within(listed!).getByText('Active')).toBeInTheDocument();
  });

  it('shows more listings on request', async () => {
    const { listSellerItems } = renderDashboard([listing('a', 'Oak dresser')], [listing('b', 'Teak sideboard')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more listings' }, { timeout: 5_000 }));
    expect(await screen.findByRole('link', { name: 'Teak sideboard' })).toBeInTheDocument();
    expect(listSellerItems).toHaveBeenLastCalledWith('user-1', 'page-2', expect.anything());
    expect(screen.queryByRole('button', { name: 'Show more listings' })).not.toBeInTheDocument();
  });

  it('says when there are no listings yet', async () => {
    renderDashboard([]);
    expect(await screen.findByText('You have no listings yet.', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });
});
