import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { NO_LISTING_FACTS, type Item, type ItemsPage } from '@flipstage/core';
import { theme } from '../../app/theme';
import { marketplaceSearch } from '../../app/searchParams';
import { authStateAtom } from '../../backend/authState';
import { BackendProvider } from '../../backend/BackendContext';
import type { ItemQuery, MarketplaceDriver } from '../../backend/marketplace';
import { createFakeBackend } from '../../test-utils/fakeBackend';
import { ItemList } from './ItemList';

const item = (id: string, title: string): Item => ({
  id,
  title,
  description: '',
  price: 10,
  tags: [],
  images: [],
  thumbs: [],
  owner: 'seller',
  state: 'active',
  ...NO_LISTING_FACTS,
  reserved: false,
  variants: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

/** Page n of any search holds one item named after the search and n; three pages in all. */
function fakeMarketplace() {
  return {
    listItems: vi.fn(async (query: ItemQuery): Promise<ItemsPage> => {
      const page = query.cursor ? Number(query.cursor) : 0;
      const name = `${query.search || 'all'}-${query.style || 'any'}-${page}`;
      return { data: [item(name, name)], nextCursor: page < 2 ? String(page + 1) : null };
    }),
  } as Partial<MarketplaceDriver> as MarketplaceDriver & { listItems: ReturnType<typeof vi.fn> };
}

async function renderList(address: string) {
  const backend = fakeMarketplace();
  const store = createStore();
  store.set(authStateAtom, { status: 'signedOut' });
  const root = createRootRoute();
  const marketplace = createRoute({
    getParentRoute: () => root,
    path: '/marketplace',
    validateSearch: marketplaceSearch,
    component: () => <ItemList onOpenDialog={() => undefined} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([marketplace]),
    history: createMemoryHistory({ initialEntries: [address] }),
  });
  await router.load();
  render(
    <MantineProvider theme={theme} env="test">
      <JotaiProvider store={store}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <BackendProvider backend={createFakeBackend({ marketplace: backend })}>
            <RouterProvider router={router} />
          </BackendProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </MantineProvider>,
  );
  return { backend, router };
}

describe('listing search in the address', () => {
  it('restores the search, filters and sort from the address', async () => {
    const { backend } = await renderList('/marketplace?search=oak&style=modern&min=20&sort=price-asc');
    expect(await screen.findByRole('heading', { name: 'oak-modern-0' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('oak');
    expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue('Modern');
    expect(screen.getByLabelText('Min price')).toHaveValue('20');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Price: low to high');
    expect(backend.listItems).toHaveBeenCalledWith(
      expect.objectContaining({ search: 'oak', style: 'modern', min: '20', sort: 'price-asc', cursor: null }),
      expect.anything(),
    );
  });

  it('drops a style the catalogue does not have', async () => {
    const { backend } = await renderList('/marketplace?style=gothic');
    await screen.findByRole('heading', { name: 'all-any-0' });
    expect(backend.listItems).toHaveBeenCalledWith(expect.objectContaining({ style: '' }), expect.anything());
  });

  it('writes a chosen filter and typed words into the address', async () => {
    const { router } = await renderList('/marketplace');
    await screen.findByRole('heading', { name: 'all-any-0' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Style' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Modern' }));
    await userEvent.type(screen.getByLabelText('Search'), 'walnut');
    await waitFor(() => expect(router.state.location.search).toEqual({ style: 'modern', search: 'walnut' }));
    expect(await screen.findByRole('heading', { name: 'walnut-modern-0' })).toBeInTheDocument();
  });

  it('goes back to the previous search and its results', async () => {
    const { router } = await renderList('/marketplace?search=oak');
    await screen.findByRole('heading', { name: 'oak-any-0' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Style' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Coastal' }));
    await screen.findByRole('heading', { name: 'oak-coastal-0' });
    act(() => router.history.back());
    expect(await screen.findByRole('heading', { name: 'oak-any-0' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Style' })).toHaveValue(''));
  });

  it('loads as many pages as the address names, and counts pages loaded into it', async () => {
    const { router } = await renderList('/marketplace?pages=2');
    expect(await screen.findByRole('heading', { name: 'all-any-1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'all-any-2' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ pages: 3 }));
  });
});
