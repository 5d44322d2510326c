import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LOCAL_PRICE_IDS,
  NO_LISTING_FACTS,
  type EbayConnection,
  type EbayPost,
  type EbayPublishOptions,
  type ItemDetail,
  type ListingKit,
} from '@flipstage/core';
import { EbayRefused, type EbayDriver } from '../../../backend/ebay';
import type { MarketplaceDriver } from '../../../backend/marketplace';
import type { MarketplacePostsDriver } from '../../../backend/marketplacePosts';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../../../test-utils/fakeBackend';
import { renderApp } from '../../../test-utils/renderApp';

const OWNER = 'owner-1';

const ITEM: ItemDetail = {
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
};

const OPTIONS: EbayPublishOptions = {
  title: 'Walnut dresser',
  photos: ITEM.images,
  stagedPhotos: [],
  categories: [{ id: '103430', name: 'Dressers', path: 'Home & Garden > Furniture > Dressers' }],
  categoryId: '103430',
  aspects: [
    { name: 'Type', required: true, freeText: false, multiple: false, values: ['Dresser', 'Sideboard'] },
    { name: 'Color', required: false, freeText: true, multiple: false, values: ['Brown'] },
  ],
  conditions: [{ id: '3000', label: 'Used' }],
  suggestedConditionId: '3000',
  fulfillmentPolicies: [{ id: 'pickup', name: 'Local pickup only', localPickup: true, freight: false }],
  paymentPolicies: [{ id: 'pay', name: 'Managed payments' }],
  returnPolicies: [{ id: 'ret', name: 'No returns' }],
  locations: [{ key: 'home', name: 'Home' }],
  saved: null,
  post: null,
};

const POST: EbayPost = {
  listingId: '110',
  url: 'https://www.ebay.com/itm/110',
  state: 'live',
  updatedAt: '2026-11-28T12:00:00.000Z',
};

function renderCard(connection: Partial<EbayConnection>, publish: EbayDriver['publish'] = vi.fn(async () => POST)) {
  let published: EbayPost | null = null;
  const fake = createFakeBackend({
    user: fakeAuthUser({ uid: OWNER }),
    merged: fakeMergedUser({ uid: OWNER, planId: LOCAL_PRICE_IDS.flipper, stripeSubscriptionStatus: 'active' }),
  });
  const kit: ListingKit = { itemId: ITEM.id, stagedPhotos: [], sites: [] };
  const ebay = {
    connection: vi.fn(async () => ({
      allowed: true,
      connected: true,
      ebayUsername: 'ada_sells',
      choices: null,
      ...connection,
    })),
    connect: vi.fn(async () => '#consent'),
    finishConnect: vi.fn(async () => ({ allowed: true, connected: true, ebayUsername: 'ada_sells', choices: null })),
    disconnect: vi.fn(async () => 'https://accountsettings.ebay.com/'),
    publishOptions: vi.fn(async () => OPTIONS),
    publish: vi.fn(async (request) => (published = await publish(request))),
    listing: vi.fn(async () => published),
  } satisfies EbayDriver;
  renderApp('/marketplace/item-1', {
    ...fake,
    marketplace: { ...fake.marketplace, getItem: vi.fn(async () => ITEM) } satisfies MarketplaceDriver,
    marketplacePosts: {
      ...fake.marketplacePosts,
      kit: vi.fn(async () => kit),
      posts: vi.fn(async () => []),
    } satisfies MarketplacePostsDriver,
    ebay,
  });
  return ebay;
}

beforeAll(() => Promise.all([import('../../marketplace/listing.lazy'), import('../MarketplacesPanel')]));

const findCard = () => screen.findByRole('region', { name: 'eBay' }, { timeout: 5_000 });

async function openForm() {
  const card = await findCard();
  await userEvent.click(await within(card).findByRole('button', { name: 'Publish to eBay' }));
  return within(card).findByRole('form', { name: 'Publish to eBay' });
}

describe('the eBay card', () => {
  it('offers to connect eBay to a seller who has not', async () => {
    renderCard({ connected: false, ebayUsername: null });
    const card = await findCard();
    expect(await within(card).findByRole('button', { name: 'Connect eBay' })).toBeInTheDocument();
  });

  it('finishes the connection eBay sent back, and takes the code out of the address', async () => {
    window.history.replaceState(null, '', '/marketplace/item-1#ebayCode=code-1&ebayState=state-1');
    const ebay = renderCard({ connected: false, ebayUsername: null });
    const card = await findCard();
    expect(await within(card).findByRole('status')).toHaveTextContent('Your eBay account is connected.');
    expect(ebay.finishConnect).toHaveBeenCalledWith('code-1', 'state-1');
    expect(window.location.hash).toBe('');
    expect(await within(card).findByText('Connected to eBay as ada_sells.')).toBeInTheDocument();
  });

  it('publishes with the category’s item specifics and shows the eBay listing', async () => {
    const ebay = renderCard({});
    const form = await openForm();
    await userEvent.click(await within(form).findByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dresser' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Publish on eBay' }));
    await waitFor(() =>
      expect(ebay.publish).toHaveBeenCalledWith({
        itemId: 'item-1',
        title: 'Walnut dresser',
        categoryId: '103430',
        conditionId: '3000',
        fulfillmentPolicyId: 'pickup',
        paymentPolicyId: 'pay',
        returnPolicyId: 'ret',
        merchantLocationKey: 'home',
        aspects: { Type: ['Dresser'] },
        stagedPhotos: [],
      }),
    );
    expect(await within(await findCard()).findByRole('link', { name: 'See it on eBay' })).toHaveAttribute(
      'href',
      POST.url,
    );
  });

  it('asks for a required item specific before sending anything', async () => {
    const ebay = renderCard({});
    const form = await openForm();
    await userEvent.click(await within(form).findByRole('button', { name: 'Publish on eBay' }));
    expect(await within(form).findByText('Fill in “Type”: eBay needs it in this category.')).toBeInTheDocument();
    expect(ebay.publish).not.toHaveBeenCalled();
  });

  it('puts eBay’s refusal under the field it is about, keeping what was typed', async () => {
    renderCard(
      {},
      vi.fn(async () => {
        throw new EbayRefused('eBay did not accept the listing. Fix what is marked and publish again.', {
          title: 'Give the piece a title of 1 to 80 characters.',
        });
      }),
    );
    const form = await openForm();
    await userEvent.click(await within(form).findByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sideboard' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Publish on eBay' }));
    expect(await within(form).findByText('Give the piece a title of 1 to 80 characters.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('eBay did not accept the listing.');
    expect(within(form).getByRole('textbox', { name: /^Title on eBay/ })).toHaveValue('Walnut dresser');
  });

  it('after disconnecting, points the seller to eBay to remove FlipStage’s access', async () => {
    const ebay = renderCard({});
    const card = await findCard();
    ebay.connection.mockResolvedValue({ allowed: true, connected: false, ebayUsername: null, choices: null });
    await userEvent.click(await within(card).findByRole('button', { name: 'Disconnect eBay' }));
    const link = await within(card).findByRole('link', { name: /remove FlipStage under Third-party app access/ });
    expect(link).toHaveAttribute('href', 'https://accountsettings.ebay.com/');
    expect(await within(card).findByRole('button', { name: 'Connect eBay' })).toBeInTheDocument();
  });
});
