/**
 * The marketplace page in a test: listings, a fake marketplace answering them page by page and
 * saving drafts, and the page rendered in a router for a signed-in or signed-out visitor.
 */
import { vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { NO_LISTING_FACTS, type Item, type ItemsPage } from '@flipstage/core';
import { theme } from '../../../app/theme';
import { authStateAtom } from '../../../backend/authState';
import { BackendProvider } from '../../../backend/BackendContext';
import type { ItemDraft, ItemQuery, MarketplaceDriver } from '../../../backend/marketplace';
import { createFakeBackend, fakeAuthUser } from '../../../test-utils/fakeBackend';
import { MarketplacePage } from '../MarketplacePage';

// jsdom has no object URLs; the dialog's previews only need a string.
URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

export function item(overrides: Partial<Item> = {}): Item {
  return {
    id: 'item-1',
    title: 'Walnut dresser',
    description: 'Six drawers, refinished.',
    price: 420,
    tags: ['dresser', 'walnut'],
    images: ['http://127.0.0.1:5050/blobs/items/item-1/a.jpg'],
    thumbs: ['http://127.0.0.1:5050/blobs/items/item-1/a-thumb.jpg'],
    owner: 'owner-1',
    state: 'active',
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function fakeMarketplace(pages: ItemsPage[] = [{ data: [item()], nextCursor: null }]) {
  const saved = (draft: ItemDraft, id = 'item-new'): Item =>
    item({
      id,
      title: draft.title,
      description: draft.description,
      price: draft.price,
      tags: draft.tags,
      state: draft.state,
    });
  return {
    listItems: vi.fn(async ({ cursor }: ItemQuery) => {
      const index = cursor ? Number(cursor) : 0;
      return pages[index] ?? { data: [], nextCursor: null };
    }),
    getItem: vi.fn(async (id: string) => ({ ...item({ id }), sellerName: null, sellerSince: null })),
    createItem: vi.fn(async (draft: ItemDraft) => saved(draft)),
    updateItem: vi.fn(async (id: string, draft: ItemDraft) => saved(draft, id)),
    deleteItem: vi.fn(async () => {}),
    listSellerItems: vi.fn(async () => ({ data: [], nextCursor: null })),
    fetchImageFile: vi.fn(async (url: string) => new File(['jpeg'], url.split('/').pop()!, { type: 'image/jpeg' })),
    suggestPrice: vi.fn(async () => ({ kind: 'not-enough' as const, sales: 0 })),
  } satisfies MarketplaceDriver;
}

export type FakeMarketplace = ReturnType<typeof fakeMarketplace>;

export async function renderMarketplace<B extends MarketplaceDriver = FakeMarketplace>(
  options: { uid?: string | null; backend?: B; prefillImageUrl?: string } = {},
) {
  const backend = options.backend ?? (fakeMarketplace() as unknown as B);
  const store = createStore();
  const uid = options.uid === undefined ? null : options.uid;
  store.set(authStateAtom, uid ? { status: 'signedIn', user: fakeAuthUser({ uid }) } : { status: 'signedOut' });
  const onPrefillHandled = vi.fn();
  const onSignInRequired = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Cards link to listing pages, so the page needs a router around it.
  const page = createRootRoute({
    component: () => (
      <MarketplacePage
        prefill={{ imageUrl: options.prefillImageUrl, editId: undefined, pieceId: undefined }}
        onPrefillHandled={onPrefillHandled}
        onSignInRequired={onSignInRequired}
      />
    ),
  });
  const router = createRouter({ routeTree: page, history: createMemoryHistory({ initialEntries: ['/marketplace'] }) });
  await router.load();
  render(
    <MantineProvider theme={theme}>
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <BackendProvider backend={createFakeBackend({ marketplace: backend })}>
            <RouterProvider router={router} />
          </BackendProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </MantineProvider>,
  );
  return { backend, onPrefillHandled, onSignInRequired };
}

export async function openAddItem() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
  return screen.findByRole('dialog', { name: 'Add Item' });
}
