import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Item } from '@flipstage/core';
import type { ItemDraft, MarketplaceDriver } from '../../backend/marketplace';
import { clearNotifications } from '../../app/notify';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { renderApp } from '../../test-utils/renderApp';
import { savedItem } from '../../test-utils/fakeItems';

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

const saved = (draft: ItemDraft): Item => savedItem(draft, 'owner-1');

const SAVED_DRAFT: ItemDraft = {
  title: 'Teak sideboard',
  description: 'Long and low.',
  price: 350,
  tags: [],
  state: 'active',
  images: [],
  stagedFrom: [],
};

function renderMarketplace() {
  const fake = createFakeBackend({ user: fakeAuthUser({ uid: 'owner-1' }) });
  const createItem = vi.fn<MarketplaceDriver['createItem']>(async (draft) => saved(draft));
  const marketplace = {
    ...fake.marketplace,
    listItems: vi.fn(async () => ({ data: [], nextCursor: null })),
    getItem: vi.fn(async () => ({ ...saved(SAVED_DRAFT), sellerName: null, sellerSince: null })),
    createItem,
  } satisfies MarketplaceDriver;
  return { ...renderApp('/marketplace', { ...fake, marketplace }), createItem };
}

beforeAll(() => Promise.all([import('./route.lazy'), import('./listing.lazy')]));
afterEach(() => clearNotifications());

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }, { timeout: 5_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
  await userEvent.type(within(dialog).getByLabelText(/Title/), 'Teak sideboard');
  await userEvent.type(within(dialog).getByLabelText(/Description/), 'Long and low.');
  await userEvent.type(within(dialog).getByLabelText(/Price/), '350');
  return dialog;
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await within(dialog).findByRole('option', { name: option }));
}

describe('item form: what buyers ask', () => {
  it('sends condition, dimensions, pickup area, delivery, style and type with one key per form', async () => {
    const { createItem } = renderMarketplace();
    const dialog = await openForm();
    await choose(dialog, 'Condition', 'Like new');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Width' }), '160');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Depth' }), '45');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Height' }), '78');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'in' }));
    await userEvent.type(within(dialog).getByLabelText('Pickup area'), 'Utrecht');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Delivery available' }));
    await choose(dialog, 'Style', 'Scandinavian');
    await choose(dialog, 'Furniture type', 'Dresser/Cabinet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1));
    const [draft, key] = createItem.mock.calls[0]!;
    expect(draft).toMatchObject({
      condition: 'like-new',
      width: 160,
      depth: 45,
      height: 78,
      unit: 'in',
      pickupArea: 'Utrecht',
      delivery: true,
      style: 'scandinavian',
      furnitureType: 'dresser',
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the seller’s vintage mark: Etsy takes only vintage pieces', async () => {
    const { createItem } = renderMarketplace();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Vintage (20 years or older)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1));
    expect(createItem.mock.calls[0]![0]).toMatchObject({ vintage: true });
  });

  it('refuses a street address as the pickup area, under the field, and sends nothing', async () => {
    const { createItem } = renderMarketplace();
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText('Pickup area'), '12 Oak Street');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText(MESSAGES.pickupAreaNotAddress)).toBeInTheDocument();
    expect(createItem).not.toHaveBeenCalled();
  });

  it('refuses dimensions with a side missing, and sends nothing', async () => {
    const { createItem } = renderMarketplace();
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Width' }), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    expect(await within(dialog).findByText(MESSAGES.dimensionsIncomplete)).toBeInTheDocument();
    expect(createItem).not.toHaveBeenCalled();
  });

  it('takes the seller to the new listing, saying it is live', async () => {
    const { router } = renderMarketplace();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/item-new'));
    expect(await screen.findByText('Your listing is live.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Teak sideboard' })).toBeInTheDocument();
  });
});
