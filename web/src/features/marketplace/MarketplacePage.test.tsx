import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { MESSAGES, NO_LISTING_FACTS, type Item, type ItemsPage } from '@flipstage/core';
import { theme } from '../../app/theme';
import { authStateAtom } from '../../backend/authState';
import { BackendProvider } from '../../backend/BackendContext';
import type { ItemDraft, ItemQuery, MarketplaceDriver } from '../../backend/marketplace';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { MarketplacePage } from './MarketplacePage';

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

function item(overrides: Partial<Item> = {}): Item {
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

function fakeMarketplace(pages: ItemsPage[] = [{ data: [item()], nextCursor: null }]) {
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

type FakeMarketplace = ReturnType<typeof fakeMarketplace>;

async function renderMarketplace<B extends MarketplaceDriver = FakeMarketplace>(
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

async function openAddItem() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
  return screen.findByRole('dialog', { name: 'Add Item' });
}

describe('marketplace screen', () => {
  it('shows the hero, quote band, featured listings, sellers section and three testimonials', async () => {
    await renderMarketplace();
    expect(screen.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Shop Now' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Featured Listings' })).toBeInTheDocument();
    expect(screen.getByTestId('featured-grid')).toBeEmptyDOMElement();
    expect(screen.getByRole('heading', { name: 'For Designers & Sellers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Selling' })).toBeInTheDocument();
    const testimonials = screen.getByRole('heading', { name: 'What our community says' }).closest('section')!;
    expect(within(testimonials).getAllByRole('figure')).toHaveLength(3);
    await screen.findByRole('heading', { name: 'Walnut dresser' });
  });

  it('lists items with their first photo, price, tags and state, each linking to its page', async () => {
    await renderMarketplace();
    const card = (await screen.findByRole('heading', { name: 'Walnut dresser' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Walnut dresser' })).toHaveAttribute('href', '/marketplace/item-1');
    const photo = within(card).getByRole('img', { name: 'Walnut dresser, photo 1' });
    expect(photo).toHaveAttribute('src', 'http://127.0.0.1:5050/blobs/items/item-1/a.jpg');
    expect(card).toHaveTextContent('$420.00');
    expect(card).toHaveTextContent('walnut');
    expect(card).toHaveTextContent('Active');
    expect(card).not.toHaveTextContent('AI-staged');
  });

  it('labels a listing made from a studio result as AI-staged', async () => {
    await renderMarketplace({ backend: fakeMarketplace([{ data: [item({ aiStaged: true })], nextCursor: null }]) });
    const card = (await screen.findByRole('heading', { name: 'Walnut dresser' })).closest('article')!;
    expect(card).toHaveTextContent('AI-staged');
  });

  it('hides Add Item from signed-out visitors', async () => {
    await renderMarketplace({ uid: null });
    await screen.findByRole('heading', { name: 'Walnut dresser' });
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('shows Add Item to signed-in users', async () => {
    await renderMarketplace({ uid: 'someone' });
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
  });

  it('shows Edit only on the signed-in owner’s items', async () => {
    const pages = [{ data: [item(), item({ id: 'item-2', title: 'Oak table', owner: 'other' })], nextCursor: null }];
    await renderMarketplace({ uid: 'owner-1', backend: fakeMarketplace(pages) });
    await screen.findByRole('heading', { name: 'Oak table' });
    expect(screen.getByRole('button', { name: 'Edit Walnut dresser' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Oak table' })).not.toBeInTheDocument();
  });

  it('searches after typing stops', async () => {
    const { backend } = await renderMarketplace();
    await screen.findByRole('heading', { name: 'Walnut dresser' });
    await userEvent.type(screen.getByLabelText('Search'), 'walnut');
    await waitFor(() =>
      expect(backend.listItems).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'walnut', tag: '', cursor: null }),
        expect.anything(),
      ),
    );
    const searches = backend.listItems.mock.calls.map(([query]) => query.search);
    expect(searches).toEqual(['', 'walnut']);
  });

  it('keeps the last cards up and says the list is busy until the typed search has answered', async () => {
    let answer: (page: ItemsPage) => void = () => undefined;
    const backend = fakeMarketplace();
    backend.listItems.mockImplementationOnce(async () => ({ data: [item()], nextCursor: null }));
    backend.listItems.mockImplementationOnce(() => new Promise<ItemsPage>((resolve) => (answer = resolve)));
    await renderMarketplace({ backend });
    const list = screen.getByRole('region', { name: 'Listings' });
    await screen.findByRole('heading', { name: 'Walnut dresser' });
    expect(list).toHaveAttribute('aria-busy', 'false');

    await userEvent.type(screen.getByLabelText('Search'), 'oak');
    expect(list).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(backend.listItems).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('heading', { name: 'Walnut dresser' })).toBeInTheDocument();
    expect(list).toHaveAttribute('aria-busy', 'true');

    answer({ data: [item({ id: 'item-2', title: 'Oak table' })], nextCursor: null });
    expect(await screen.findByRole('heading', { name: 'Oak table' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Walnut dresser' })).not.toBeInTheDocument();
    expect(list).toHaveAttribute('aria-busy', 'false');
  });

  it('filters by tag', async () => {
    const { backend } = await renderMarketplace();
    await screen.findByRole('heading', { name: 'Walnut dresser' });
    await userEvent.type(screen.getByLabelText('Tag'), 'vintage');
    await waitFor(() =>
      expect(backend.listItems).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: '', tag: 'vintage', cursor: null }),
        expect.anything(),
      ),
    );
  });

  it('loads the next page with the cursor', async () => {
    const pages = [
      { data: [item()], nextCursor: '1' },
      { data: [item({ id: 'item-2', title: 'Oak table' })], nextCursor: null },
    ];
    const { backend } = await renderMarketplace({ backend: fakeMarketplace(pages) });
    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('heading', { name: 'Oak table' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Walnut dresser' })).toBeInTheDocument();
    expect(backend.listItems).toHaveBeenLastCalledWith(expect.objectContaining({ search: '', tag: '', cursor: '1' }), expect.anything());
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows a load failure in red above the list', async () => {
    const backend = {
      ...fakeMarketplace(),
      listItems: vi.fn(async () => Promise.reject(new Error('HTTP error! status: 500'))),
    };
    await renderMarketplace({ backend });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('HTTP error! status: 500');
    expect(alert).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
  });
});

describe('item dialog', () => {
  it('shows the required-field messages under the fields', async () => {
    const { backend } = await renderMarketplace({ uid: 'owner-1' });
    const dialog = await openAddItem();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText(MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.priceRequired)).toBeInTheDocument();
    expect(backend.createItem).not.toHaveBeenCalled();
  });

  it('refuses a negative price', async () => {
    await renderMarketplace({ uid: 'owner-1' });
    const dialog = await openAddItem();
    await userEvent.type(within(dialog).getByLabelText(/Price/), '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText(MESSAGES.priceMinimum)).toBeInTheDocument();
  });

  it.each([
    ['1000001', MESSAGES.priceMaximum],
    ['19.999', MESSAGES.priceDecimals],
  ])('refuses the price %s before sending it', async (price, message) => {
    const { backend } = await renderMarketplace({ uid: 'owner-1' });
    const dialog = await openAddItem();
    await userEvent.type(within(dialog).getByLabelText(/Price/), price);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(backend.createItem).not.toHaveBeenCalled();
  });

  it('refuses files that are not images', async () => {
    await renderMarketplace({ uid: 'owner-1' });
    const dialog = await openAddItem();
    await userEvent.upload(
      within(dialog).getByLabelText('Image files'),
      [new File(['x'], 'notes.txt', { type: 'text/plain' })],
      {
        applyAccept: false,
      },
    );
    expect(await within(dialog).findByText(MESSAGES.itemImagesOnly)).toBeInTheDocument();
  });

  it('starts a new item as active and creates it with parsed fields', async () => {
    const { backend } = await renderMarketplace({ uid: 'owner-1' });
    const dialog = await openAddItem();
    expect(within(dialog).getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Teak sideboard');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Long and low.');
    await userEvent.type(within(dialog).getByLabelText(/Price/), '350');
    await userEvent.type(within(dialog).getByLabelText('Tags'), 'Teak, Sideboard ,teak');
    await userEvent.upload(within(dialog).getByLabelText('Image files'), [
      new File(['j'], 'a.jpg', { type: 'image/jpeg' }),
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const draft = backend.createItem.mock.calls[0]![0];
    expect(draft).toMatchObject({
      title: 'Teak sideboard',
      description: 'Long and low.',
      price: 350,
      tags: ['teak', 'sideboard'],
      state: 'active',
      stagedFrom: [],
    });
    expect(draft.images.map((f) => f.name)).toEqual(['a.jpg']);
    await waitFor(() => expect(backend.listItems).toHaveBeenCalledTimes(2));
  });

  it('edits an item starting from its current state, and any switch is allowed', async () => {
    const pages = [{ data: [item({ state: 'sold' })], nextCursor: null }];
    const { backend } = await renderMarketplace({ uid: 'owner-1', backend: fakeMarketplace(pages) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Walnut dresser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Walnut dresser');
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('dresser, walnut');
    expect(within(dialog).getByRole('button', { name: 'Sold' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(backend.updateItem).toHaveBeenCalled());
    const [id, draft] = backend.updateItem.mock.calls[0]!;
    expect(id).toBe('item-1');
    expect(draft).toMatchObject({ state: 'active', price: 420, images: [] });
  });

  it('keeps the dialog open with the save failure at the top of the form', async () => {
    const backend = {
      ...fakeMarketplace(),
      createItem: vi.fn(async () => Promise.reject(new Error('Please sign in to continue.'))),
    };
    await renderMarketplace({ uid: 'owner-1', backend });
    const dialog = await openAddItem();
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Chair');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Comfy.');
    await userEvent.type(within(dialog).getByLabelText(/Price/), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(dialog.querySelector('form')!.firstElementChild!.firstElementChild).toBe(alert);
    expect(screen.getByRole('dialog', { name: 'Add Item' })).toBeInTheDocument();
  });

  it('disables the save button while submitting', async () => {
    let finish!: (value: Item) => void;
    const backend = {
      ...fakeMarketplace(),
      createItem: vi.fn(() => new Promise<Item>((resolve) => (finish = resolve))),
    };
    await renderMarketplace({ uid: 'owner-1', backend });
    const dialog = await openAddItem();
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Chair');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Comfy.');
    await userEvent.type(within(dialog).getByLabelText(/Price/), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Listing' })).toBeDisabled());
    finish(item());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the create dialog with the ?image= result attached', async () => {
    const url = 'http://127.0.0.1:5050/blobs/image_edits/out-1.jpg';
    const { backend, onPrefillHandled } = await renderMarketplace({ uid: 'owner-1', prefillImageUrl: url });
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    expect(backend.fetchImageFile).toHaveBeenCalledWith(url, expect.anything());
    expect(await within(dialog).findByRole('img', { name: 'Image 1: out-1.jpg' })).toBeInTheDocument();
    expect(onPrefillHandled).toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Staged dresser');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Looks great.');
    await userEvent.type(within(dialog).getByLabelText(/Price/), '99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(backend.createItem).toHaveBeenCalled());
    const draft = backend.createItem.mock.calls[0]![0];
    expect(draft.images.map((f) => f.name)).toEqual(['out-1.jpg']);
    expect(draft.stagedFrom).toEqual([url]);
  });

  it('drops the AI-staged claim when the studio result is replaced by other images', async () => {
    const url = 'http://127.0.0.1:5050/blobs/image_edits/out-1.jpg';
    const { backend } = await renderMarketplace({ uid: 'owner-1', prefillImageUrl: url });
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    await userEvent.upload(within(dialog).getByLabelText('Image files'), [
      new File(['j'], 'own-photo.jpg', { type: 'image/jpeg' }),
    ]);
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Dresser');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'As found.');
    await userEvent.type(within(dialog).getByLabelText(/Price/), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(backend.createItem).toHaveBeenCalled());
    const draft = backend.createItem.mock.calls[0]![0];
    expect(draft.images.map((f) => f.name)).toEqual(['own-photo.jpg']);
    expect(draft.stagedFrom).toEqual([]);
  });

  it('sends a signed-out visitor with ?image= to sign in first', async () => {
    const { backend, onSignInRequired } = await renderMarketplace({
      uid: null,
      prefillImageUrl: 'http://127.0.0.1:5050/blobs/image_edits/out-1.jpg',
    });
    await waitFor(() => expect(onSignInRequired).toHaveBeenCalled());
    expect(backend.fetchImageFile).not.toHaveBeenCalled();
  });

  it('only logs a failed ?image= fetch', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const backend = { ...fakeMarketplace(), fetchImageFile: vi.fn(async () => Promise.reject(new Error('HTTP 404'))) };
    await renderMarketplace({ uid: 'owner-1', backend, prefillImageUrl: 'http://127.0.0.1:5050/blobs/missing.jpg' });
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('HTTP 404')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
