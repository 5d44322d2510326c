import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { NO_LISTING_FACTS, type Item } from '@flipstage/core';
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

function renderDashboard(items: Item[]) {
  const fake = createFakeBackend({ user: fakeAuthUser() });
  const listSellerItems = vi.fn(async () => ({ data: items, nextCursor: null }));
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

  it('says when there are no listings yet', async () => {
    renderDashboard([]);
    expect(await screen.findByText('You have no listings yet.', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });
});
