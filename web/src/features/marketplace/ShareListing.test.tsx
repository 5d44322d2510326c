import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { NO_LISTING_FACTS, type ItemDetail } from '@flipstage/core';
import { theme } from '../../app/theme';
import { ShareListing } from './ShareListing';

const item: ItemDetail = {
  id: 'item-1',
  title: 'Walnut dresser',
  description: 'Six drawers, refinished.',
  price: 420,
  tags: [],
  images: ['https://cdn.example/items/item-1/a.jpg'],
  thumbs: ['https://cdn.example/items/item-1/a-thumb.jpg'],
  owner: 'owner-1',
  state: 'active',
  ...NO_LISTING_FACTS,
  reserved: false,
  variants: [],
  sellerName: null,
  sellerSince: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** Without VITE_SITE_URL (tests set none) the public URL is the page's own origin. */
const listingUrl = `${window.location.origin}/marketplace/item-1`;

/** env="test", as the app's tests render it: a menu stays shown though jsdom lays nothing out. */
function renderShare() {
  return render(
    <MantineProvider theme={theme} env="test">
      <ShareListing item={item} />
      <Notifications />
    </MantineProvider>,
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('ShareListing with the Web Share API', () => {
  it('hands the title, summary and public link to the system’s share sheet', async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderShare();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Walnut dresser',
      text: '$420.00 · Six drawers, refinished.',
      url: listingUrl,
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('stays quiet when the person closes the share sheet', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderShare();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });
  it('copies the link instead when the browser refuses the share sheet', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(listingUrl);
  });
});

describe('ShareListing without the Web Share API', () => {
  it('copies the public link and says so', async () => {
    const user = userEvent.setup();
    renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(listingUrl);
  });

  it.each([
    ['Facebook', 'https://www.facebook.com/sharer/sharer.php?', { u: listingUrl }],
    [
      'Pinterest',
      'https://www.pinterest.com/pin/create/button/?',
      { url: listingUrl, media: 'https://cdn.example/items/item-1/a.jpg', description: 'Walnut dresser' },
    ],
    ['X', 'https://x.com/intent/post?', { text: 'Walnut dresser', url: listingUrl }],
    ['WhatsApp', 'https://wa.me/?', { text: `Walnut dresser ${listingUrl}` }],
  ])('links to %s’s share page with the listing, in a new window', async (network, page, query) => {
    const user = userEvent.setup();
    renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const link = await screen.findByRole('menuitem', { name: network });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith(page)).toBe(true);
    expect(Object.fromEntries(new URL(href).searchParams)).toEqual(query);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
