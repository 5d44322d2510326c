import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ImageEdit, type Item, type PieceFields } from '@flipstage/core';
import type { ItemDraft, MarketplaceDriver } from '../../backend/marketplace';
import { clearNotifications } from '../../app/notify';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks } from '../../test-utils/fakeBooks';
import { renderApp } from '../../test-utils/renderApp';
import { savedItem } from '../../test-utils/fakeItems';

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();

const STAGED = 'http://127.0.0.1:5050/blobs/image_edits/out-7.jpg';

const saved = (draft: ItemDraft): Item => savedItem(draft);

function renderMarketplace(path: string, pieces: Array<Partial<PieceFields>> = [], edits: ImageEdit[] = []) {
  const books = createFakeBooks(pieces.map((fields) => ({ fields })));
  const fake = createFakeBackend({ user: fakeAuthUser(), books });
  vi.mocked(fake.account.getImageEdits).mockImplementation(async (_user, ids) =>
    edits.filter((edit) => ids.includes(edit.id)),
  );
  let last: Item | null = null;
  const marketplace = {
    ...fake.marketplace,
    listItems: vi.fn(async () => ({ data: [], nextCursor: null })),
    getItem: vi.fn(async () => ({ ...last!, sellerName: null, sellerSince: null })),
    createItem: vi.fn<MarketplaceDriver['createItem']>(async (draft) => (last = saved(draft))),
    // A signed URL past its hour answers 403, as Storage's does.
    fetchImageFile: vi.fn(async (url: string) => {
      if (url.includes('expired')) throw new Error('Request failed: 403');
      return new File(['jpeg'], url.split('/').pop()!, { type: 'image/jpeg' });
    }),
  } satisfies MarketplaceDriver;
  return { ...renderApp(path, { ...fake, marketplace }), books, marketplace };
}

beforeAll(() => Promise.all([import('./route.lazy'), import('./listing.lazy')]));
afterEach(() => clearNotifications());

async function fillListing(dialog: HTMLElement, title: string | null) {
  if (title) await userEvent.type(within(dialog).getByLabelText(/Title/), title);
  await userEvent.type(within(dialog).getByLabelText(/Description/), 'Long and low.');
  await userEvent.type(within(dialog).getByLabelText(/Price/), '350');
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await within(dialog).findByRole('option', { name: option }));
}

const openedDialog = () => screen.findByRole('dialog', { name: 'Add Item' }, { timeout: 5_000 });

describe('a new listing in the books', () => {
  it('adds a new piece, listed, linked to the listing and the staging its photo came from', async () => {
    const { books } = renderMarketplace(`/marketplace?image=${encodeURIComponent(STAGED)}&edit=edit-7`);
    const dialog = await openedDialog();
    await fillListing(dialog, 'Teak sideboard');
    await choose(dialog, 'Furniture type', 'Dresser/Cabinet');
    await choose(dialog, 'Piece in your books', 'Add as a new piece');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(books.savePiece).toHaveBeenCalled());
    expect(books.savePiece).toHaveBeenCalledWith(
      null,
      expect.objectContaining({
        name: 'Teak sideboard',
        furnitureType: 'dresser',
        status: 'listed',
        listingId: 'item-new',
        stagingIds: ['edit-7'],
      }),
    );
  });

  it('links the ?piece= piece, moving it from in progress to listed and adding the staging to its own', async () => {
    const { books } = renderMarketplace(`/marketplace?image=${encodeURIComponent(STAGED)}&edit=edit-7&piece=piece-1`, [
      { name: 'Oak dresser', status: 'in-progress', stagingIds: ['edit-1'] },
    ]);
    const dialog = await openedDialog();
    await waitFor(() => expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Oak dresser'));
    await fillListing(dialog, null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(books.savePiece).toHaveBeenCalled());
    expect(books.savePiece).toHaveBeenCalledWith(
      'piece-1',
      expect.objectContaining({
        name: 'Oak dresser',
        purchaseCents: 4000,
        status: 'listed',
        listingId: 'item-new',
        stagingIds: ['edit-1', 'edit-7'],
      }),
    );
  });

  it("starts from the piece's name and type, and offers only pieces neither sold nor listed", async () => {
    renderMarketplace('/marketplace?piece=piece-2', [
      { name: 'Sold chair', status: 'sold', saleCents: 9000, soldOn: '2026-11-10' },
      { name: 'Walnut desk', furnitureType: 'desk', status: 'sourced' },
      { name: 'Listed bed', status: 'listed', listingId: 'item-3' },
    ]);
    const dialog = await openedDialog();
    await waitFor(() => expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Walnut desk'));
    expect(within(dialog).getByRole('combobox', { name: 'Furniture type' })).toHaveValue('Desk');
    expect(within(dialog).getByRole('combobox', { name: 'Piece in your books' })).toHaveValue('Walnut desk');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Piece in your books' }));
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Not in my books',
      'Add as a new piece',
      'Walnut desk',
    ]);
  });

  it('keeps the listing and says why when the piece cannot be written', async () => {
    const { books, router } = renderMarketplace(`/marketplace?image=${encodeURIComponent(STAGED)}&edit=edit-7`);
    books.savePiece.mockRejectedValueOnce(new Error('You are offline.'));
    const dialog = await openedDialog();
    await fillListing(dialog, 'Teak sideboard');
    await choose(dialog, 'Piece in your books', 'Add as a new piece');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/item-new'));
    expect(
      await screen.findByText('Your listing is live, but it could not be added to your books. You are offline.'),
    ).toBeInTheDocument();
  });

  it("starts a listing made from a staging with the studio's type and style", async () => {
    const edit: ImageEdit = {
      id: 'edit-7',
      user_id: 'user-1',
      input_image_url: '/blobs/in-7.jpg',
      output_image_url: STAGED,
      background_style: 'A sunlit loft',
      style: 'industrial',
      furniture_type: 'bookcase',
      created_at: '2026-11-26T09:00:00.000Z',
    };
    renderMarketplace(`/marketplace?image=${encodeURIComponent(STAGED)}&edit=edit-7`, [], [edit]);
    const dialog = await openedDialog();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Furniture type' })).toHaveValue('Bookcase/Shelf'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Style' })).toHaveValue('Industrial');
  });

  it("opens a piece's dialog without its photo when the photo can no longer be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMarketplace(`/marketplace?image=${encodeURIComponent('/blobs/expired.jpg')}&edit=edit-7&piece=piece-1`, [
      { name: 'Walnut desk', furnitureType: 'desk', status: 'sourced' },
    ]);
    const dialog = await openedDialog();
    await waitFor(() => expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Walnut desk'));
    expect(within(dialog).queryByRole('img', { name: /^Image 1:/ })).toBeNull();
  });
});
