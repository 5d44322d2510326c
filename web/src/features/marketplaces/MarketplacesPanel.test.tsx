import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  KIT_MESSAGES,
  KIT_SITES,
  LOCAL_PRICE_IDS,
  NO_LISTING_FACTS,
  type ItemDetail,
  type ListingKit,
  type MarketplacePost,
} from '@flipstage/core';
import type { MarketplaceDriver } from '../../backend/marketplace';
import type { MarketplacePostsDriver } from '../../backend/marketplacePosts';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../../test-utils/fakeBackend';
import { renderApp } from '../../test-utils/renderApp';

const OWNER = 'owner-1';

function listing(overrides: Partial<ItemDetail> = {}): ItemDetail {
  return {
    id: 'item-1',
    title: 'Walnut dresser',
    description: 'Six drawers.',
    price: 420,
    tags: [],
    images: ['http://127.0.0.1:5050/blobs/items/item-1/a.jpg'],
    thumbs: ['http://127.0.0.1:5050/blobs/items/item-1/a-thumb.jpg'],
    owner: OWNER,
    state: 'active',
    aiStaged: false,
    ...NO_LISTING_FACTS,
    reserved: false,
    variants: [],
    sellerName: 'Ada',
    sellerSince: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const KIT: ListingKit = {
  itemId: 'item-1',
  stagedPhotos: [],
  sites: KIT_SITES.map((site) => ({
    site,
    title: `Walnut dresser (${site})`,
    titleLimit: 70,
    description: 'Six drawers.\n\nPickup only',
    postingUrl: `https://${site}.example/post`,
    photoCount: 1,
    unavailable: site === 'etsy' ? KIT_MESSAGES.etsyNeedsVintage : null,
  })),
};

const posted = (site: MarketplacePost['site'], url: string): MarketplacePost => ({
  itemId: 'item-1',
  site,
  state: 'posted',
  url,
  updated_at: '2026-11-28T12:00:00.000Z',
});

function renderPanel(options: { item?: ItemDetail; plan?: string; posts?: MarketplacePost[] } = {}) {
  const item = options.item ?? listing();
  const fake = createFakeBackend({
    user: fakeAuthUser({ uid: OWNER }),
    merged: fakeMergedUser({
      uid: OWNER,
      planId: options.plan ?? LOCAL_PRICE_IDS.flipper,
      stripeSubscriptionStatus: 'active',
    }),
  });
  const driver = {
    kit: vi.fn(async () => KIT),
    kitPhotos: vi.fn(async () => new Blob(['zip'])),
    posts: vi.fn(async () => options.posts ?? []),
    recordPost: vi.fn(async (request) => posted(request.site, request.url)),
    setPostState: vi.fn(async (request) => ({ ...posted(request.site, 'https://x.example'), state: request.state })),
  } satisfies MarketplacePostsDriver;
  const backend = {
    ...fake,
    marketplace: { ...fake.marketplace, getItem: vi.fn(async () => item) } satisfies MarketplaceDriver,
    marketplacePosts: driver,
  };
  renderApp('/marketplace/item-1', backend);
  return driver;
}

beforeAll(() => Promise.all([import('../marketplace/listing.lazy'), import('./MarketplacesPanel')]));

const findPanel = () => screen.findByRole('region', { name: 'Post to marketplaces' }, { timeout: 5_000 });

async function openKit(name: string) {
  const panel = await findPanel();
  await userEvent.click(await within(panel).findByRole('button', { name: `${name} kit` }));
  return panel;
}

describe('Post to marketplaces', () => {
  it('shows a seller on the Base plan what it does and where the plans are, asking for no kit', async () => {
    const driver = renderPanel({ plan: LOCAL_PRICE_IDS.base });
    const panel = await findPanel();
    expect(within(panel).getByText(/Publish it on eBay/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    expect(driver.kit).not.toHaveBeenCalled();
  });

  it('copies a site’s title', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = await openKit('Craigslist');
    await user.click(await within(panel).findByRole('button', { name: 'Copy the title for Craigslist' }));
    expect(await navigator.clipboard.readText()).toBe('Walnut dresser (craigslist)');
  });

  it('refuses an address on another site under the field, and sends nothing', async () => {
    const driver = renderPanel();
    const panel = await openKit('OfferUp');
    const field = await within(panel).findByLabelText(/Posted at \(the address of your post on OfferUp\)/);
    await userEvent.type(field, 'https://www.etsy.com/listing/1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save where it is posted on OfferUp' }));
    expect(await within(panel).findByText(KIT_MESSAGES.postUrlNotOnSite('OfferUp'))).toBeInTheDocument();
    expect(field).toHaveValue('https://www.etsy.com/listing/1');
    expect(driver.recordPost).not.toHaveBeenCalled();
  });

  it('records where it is posted and lists the post', async () => {
    const driver = renderPanel();
    const panel = await openKit('Craigslist');
    const url = 'https://sfbay.craigslist.org/sfc/fuo/d/walnut/1.html';
    await userEvent.type(
      await within(panel).findByLabelText(/Posted at \(the address of your post on Craigslist\)/),
      url,
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Save where it is posted on Craigslist' }));
    await waitFor(() => expect(driver.recordPost).toHaveBeenCalledWith({ itemId: 'item-1', site: 'craigslist', url }));
    const list = await within(panel).findByRole('list', { name: 'Where it is posted' });
    expect(list).toHaveTextContent('CraigslistPosted');
  });

  it('says why Etsy has no kit for a piece not marked vintage', async () => {
    renderPanel();
    const panel = await openKit('Etsy');
    expect(await within(panel).findByText(KIT_MESSAGES.etsyNeedsVintage)).toBeInTheDocument();
  });

  it('gives a sold piece a checklist of the sites it is still posted on, and ticks one off', async () => {
    const driver = renderPanel({
      item: listing({ state: 'sold' }),
      posts: [posted('facebook', 'https://www.facebook.com/marketplace/item/1/')],
    });
    const panel = await findPanel();
    const checklist = await within(panel).findByRole('list', { name: 'Sites to take it down from' });
    expect(within(checklist).getByRole('link', { name: 'Open it on Facebook Marketplace' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/marketplace/item/1/',
    );
    await userEvent.click(within(checklist).getByRole('checkbox', { name: 'Taken down from Facebook Marketplace' }));
    await waitFor(() =>
      expect(driver.setPostState).toHaveBeenCalledWith({ itemId: 'item-1', site: 'facebook', state: 'taken-down' }),
    );
  });
});
