import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_LISTING_FACTS, type ItemDetail } from '@flipstage/core';
import { ApiError } from '../../backend/http';
import type { MarketplaceDriver } from '../../backend/marketplace';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { renderApp } from '../../test-utils/renderApp';

function listing(overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id: 'item-1',
    title: 'Walnut dresser',
    description: 'Six drawers, refinished.\nSolid walnut top.',
    price: 420,
    tags: ['dresser', 'walnut'],
    images: ['http://127.0.0.1:5050/blobs/items/item-1/a.jpg', 'http://127.0.0.1:5050/blobs/items/item-1/b.jpg'],
    thumbs: [
      'http://127.0.0.1:5050/blobs/items/item-1/a-thumb.jpg',
      'http://127.0.0.1:5050/blobs/items/item-1/b-thumb.jpg',
    ],
    owner: 'owner-1',
    state: 'active',
    aiStaged: true,
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    sellerName: 'Ada Lovelace',
    sellerSince: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderListing(item: ItemDetail | Error, uid: string | null = null) {
  const getItem = vi.fn(async () => {
    if (item instanceof Error) throw item;
    return item;
  });
  const fake = createFakeBackend({ user: uid ? fakeAuthUser({ uid }) : null });
  const backend = { ...fake, marketplace: { ...fake.marketplace, getItem } satisfies MarketplaceDriver };
  return { ...renderApp('/marketplace/item-1', backend), getItem };
}

// The route's chunk loads once here, not inside the first test's wait.
beforeAll(() => import('./listing.lazy'));

/** The whole app renders around the page, which takes a while on a busy machine. */
const findTitle = (name = 'Walnut dresser') => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

const headMeta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('listing page', () => {
  it('shows the full-size photos, title, price, state, seller, AI-staged label, description and tags', async () => {
    const { getItem } = renderListing(listing());
    expect(await findTitle()).toBeInTheDocument();
    expect(getItem).toHaveBeenCalledWith('item-1', expect.anything());
    const photo = screen.getByRole('img', { name: 'Walnut dresser, photo 1 of 2' });
    expect(photo).toHaveAttribute('src', 'http://127.0.0.1:5050/blobs/items/item-1/a.jpg');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('$420.00');
    expect(main).toHaveTextContent('Active');
    expect(main).toHaveTextContent('AI-staged');
    expect(main).toHaveTextContent('Seller: Ada Lovelace');
    expect(main).toHaveTextContent('Six drawers, refinished.');
    expect(main).toHaveTextContent('walnut');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('switches the large photo from the thumbnails', async () => {
    renderListing(listing());
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Walnut dresser, photo 2 of 2' })).toHaveAttribute(
      'src',
      'http://127.0.0.1:5050/blobs/items/item-1/b.jpg',
    );
    expect(screen.getByRole('link', { name: 'Open full-size photo' })).toHaveAttribute(
      'href',
      'http://127.0.0.1:5050/blobs/items/item-1/b.jpg',
    );
  });

  it('says Sold for a sold listing, in the page and its structured data', async () => {
    renderListing(listing({ state: 'sold' }));
    await findTitle();
    expect(screen.getByText('This piece has been sold.')).toBeInTheDocument();
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data.offers.availability).toBe('https://schema.org/SoldOut');
    expect(headMeta('meta[property="product:availability"]')).toBe('out of stock');
  });

  it('puts the title, description, share tags and a Product/Offer in the page', async () => {
    renderListing(listing());
    await findTitle();
    await waitFor(() => expect(document.title).toBe('Walnut dresser | FlipStage'));
    const url = `${window.location.origin}/marketplace/item-1`;
    expect(headMeta('meta[name="description"]')).toBe('$420.00 · Six drawers, refinished. Solid walnut top.');
    expect(headMeta('meta[property="og:type"]')).toBe('product');
    expect(headMeta('meta[property="og:image"]')).toBe('http://127.0.0.1:5050/blobs/items/item-1/a.jpg');
    expect(headMeta('meta[property="product:price:amount"]')).toBe('420.00');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', url);
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Walnut dresser',
      url,
      image: listing().images,
      offers: {
        '@type': 'Offer',
        price: '420.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
        seller: { '@type': 'Person', name: 'Ada Lovelace' },
      },
    });
  });

  it('offers Edit to the owner, which opens the item form on this listing', async () => {
    renderListing(listing(), 'owner-1');
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Walnut dresser');
  });

  it('hides Edit from a signed-in stranger', async () => {
    renderListing(listing(), 'someone-else');
    await findTitle();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('names no seller it does not know and shows a listing without photos', async () => {
    renderListing(listing({ sellerName: null, images: [], thumbs: [], aiStaged: false }));
    await findTitle();
    expect(screen.getByText('No photos yet')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Seller: a FlipStage seller');
    expect(screen.getByRole('main')).not.toHaveTextContent('AI-staged');
  });

  it('shows a not-found page, kept out of search engines, for an unknown id', async () => {
    renderListing(new ApiError(404, 'Listing not found.'));
    expect(await findTitle('Listing not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute('href', '/marketplace');
    expect(headMeta('meta[name="robots"]')).toBe('noindex');
  });

  it('offers to try again when the listing cannot be loaded', async () => {
    renderListing(new ApiError(500, 'Something went wrong.'));
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
