import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Item } from '@flipstage/core';
import { item, fakeMarketplace, renderMarketplace, openAddItem } from './testing/renderMarketplace';

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
