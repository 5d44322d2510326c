import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ItemsPage } from '@flipstage/core';
import { item, fakeMarketplace, renderMarketplace } from './testing/renderMarketplace';

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
    expect(backend.listItems).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: '', tag: '', cursor: '1' }),
      expect.anything(),
    );
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
