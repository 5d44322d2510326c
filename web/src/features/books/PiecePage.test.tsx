import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_LISTING_FACTS, type Item } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks } from '../../test-utils/fakeBooks';
import type { MarketplaceDriver } from '../../backend/marketplace';

const soldDresser = {
  fields: {
    name: 'Oak dresser',
    status: 'sold' as const,
    purchaseCents: 4000,
    saleCents: 20000,
    boughtOn: '2026-11-01',
    soldOn: '2026-11-15',
  },
  costs: [
    { category: 'materials' as const, amountCents: 2500, note: 'Paint' },
    { category: 'fees' as const, amountCents: 1000, note: 'Listing fee' },
  ],
};

function renderPiece(books = createFakeBooks([soldDresser]), marketplace?: MarketplaceDriver) {
  const app = renderApp('/books/piece-1', createFakeBackend({ user: fakeAuthUser(), books, marketplace }));
  return { ...app, books };
}

async function figure(label: string) {
  const numbers = await screen.findByRole('region', { name: "The piece's numbers" });
  const term = within(numbers).getByText(label);
  return term.nextElementSibling?.textContent;
}

describe("A piece's page", () => {
  it('shows the total cost, sale, fees, profit, margin and days to sell', async () => {
    renderPiece();
    expect(await figure('Total cost')).toBe('$65.00');
    expect(await figure('Sale price')).toBe('$200.00');
    expect(await figure('Fees')).toBe('$10.00');
    expect(await figure('Profit')).toBe('$125.00');
    expect(await figure('Margin')).toBe('62.5%');
    expect(await figure('Days to sell')).toBe('14 days');
  });

  it("adds a cost line in place, and the piece's numbers count it", async () => {
    const { books } = renderPiece();
    const form = await screen.findByRole('form', { name: 'Add a cost line' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Repairs' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '12.50');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Glue');
    await userEvent.click(within(form).getByRole('button', { name: 'Add cost' }));
    expect(books.addCost).toHaveBeenCalledWith('piece-1', { category: 'repairs', amountCents: 1250, note: 'Glue' });
    expect(await screen.findByRole('button', { name: 'Edit Repairs: Glue' })).toBeInTheDocument();
    expect(await figure('Total cost')).toBe('$77.50');
  });

  it('edits a cost line in place', async () => {
    const { books } = renderPiece();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Materials: Paint' }));
    const form = screen.getByRole('form', { name: 'Edit cost line Materials: Paint' });
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '30');
    await userEvent.click(within(form).getByRole('button', { name: 'Save cost' }));
    expect(books.updateCost).toHaveBeenCalledWith('piece-1', 'cost-1', {
      category: 'materials',
      amountCents: 3000,
      note: 'Paint',
    });
    expect(await screen.findByRole('cell', { name: '$30.00' })).toBeInTheDocument();
  });

  it('removes a cost line', async () => {
    const { books } = renderPiece();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Fees: Listing fee' }));
    expect(books.removeCost).toHaveBeenCalledWith('piece-1', 'cost-2');
    await expect.poll(() => screen.queryByRole('button', { name: 'Remove Fees: Listing fee' })).toBeNull();
    expect(await figure('Fees')).toBe('$0.00');
  });

  it('deletes the piece, which Recently deleted restores', async () => {
    const { books, router } = renderPiece();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete piece' }));
    await expect.poll(() => router.state.location.pathname).toBe('/books');
    expect(books.deletePiece).toHaveBeenCalledWith('piece-1');
    await userEvent.click(await screen.findByRole('link', { name: 'Recently deleted' }));
    const list = await screen.findByRole('list', { name: 'Recently deleted pieces' });
    expect(within(list).getByText('Restorable for 30 more days')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Restore Oak dresser' }));
    expect(books.restorePiece).toHaveBeenCalledWith('piece-1');
    expect(await screen.findByText('Nothing was deleted in the last 30 days.')).toBeInTheDocument();
  });

  it('keeps the piece and says why when it cannot be deleted', async () => {
    const books = createFakeBooks([soldDresser]);
    books.deletePiece.mockRejectedValueOnce(new Error('You are offline.'));
    const { router } = renderPiece(books);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete piece' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The piece could not be deleted: You are offline.');
    expect(router.state.location.pathname).toBe('/books/piece-1');
  });

  it("links the piece to one of the seller's listings and shows its photos", async () => {
    const listing: Item = {
      id: 'item-9',
      title: 'Oak dresser, restored',
      description: '',
      price: 200,
      tags: [],
      images: ['https://img.example/full-1.jpg', 'https://img.example/full-2.jpg'],
      thumbs: ['https://img.example/thumb-1.jpg', 'https://img.example/thumb-2.jpg'],
      owner: 'user-1',
      state: 'active',
      aiStaged: true,
      ...NO_LISTING_FACTS,
      reserved: false,
      variants: [],
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    };
    const base = createFakeBackend().marketplace;
    const listSellerItems = vi.fn(async () => ({ data: [listing], nextCursor: null }));
    const { books } = renderPiece(createFakeBooks([soldDresser]), { ...base, listSellerItems });
    await userEvent.click(await screen.findByRole('combobox', { name: /FlipStage listing/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oak dresser, restored' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(books.savePiece).toHaveBeenCalledWith('piece-1', expect.objectContaining({ listingId: 'item-9' }));
    const linked = await screen.findByRole('region', { name: 'Linked listing' });
    expect(within(linked).getByRole('link', { name: 'Oak dresser, restored' })).toHaveAttribute(
      'href',
      '/marketplace/item-9',
    );
    expect(within(linked).getByRole('img', { name: 'Oak dresser, restored, photo 2' })).toHaveAttribute(
      'src',
      'https://img.example/thumb-2.jpg',
    );
    expect(within(linked).getByText('AI-staged')).toBeInTheDocument();
  });

  it('says so when the piece is not in the books', async () => {
    renderApp('/books/nope', createFakeBackend({ user: fakeAuthUser(), books: createFakeBooks() }));
    expect(await screen.findByRole('heading', { name: 'Piece not found' })).toBeInTheDocument();
  });
});
