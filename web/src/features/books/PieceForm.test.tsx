import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PIECE_MESSAGES } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks, fakePieceFields } from '../../test-utils/fakeBooks';

function renderAt(path: string, books = createFakeBooks()) {
  const app = renderApp(path, createFakeBackend({ user: fakeAuthUser(), books }));
  return { ...app, books };
}

async function chooseOption(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('The piece form', () => {
  it('stores the typed purchase price as cents and opens the new piece', async () => {
    const { books, router } = renderAt('/books/new');
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Walnut sideboard');
    await chooseOption('Type', 'Dresser/Cabinet');
    await userEvent.type(screen.getByRole('textbox', { name: 'Purchase price' }), '1,250.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Hours of work' }), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add piece' }));
    expect(await screen.findByRole('heading', { name: 'Walnut sideboard', level: 1 })).toBeInTheDocument();
    expect(books.savePiece).toHaveBeenCalledWith(
      null,
      expect.objectContaining({
        name: 'Walnut sideboard',
        furnitureType: 'dresser',
        purchaseCents: 125050,
        hours: 2.5,
      }),
    );
    expect(router.state.location.pathname).toBe('/books/piece-1');
  });

  it("puts core's message under a price that is not money, and saves nothing", async () => {
    const { books } = renderAt('/books/new');
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Walnut sideboard');
    await userEvent.type(screen.getByRole('textbox', { name: 'Purchase price' }), '45,5.0.1');
    await userEvent.click(screen.getByRole('button', { name: 'Add piece' }));
    expect(await screen.findByRole('textbox', { name: 'Purchase price' })).toHaveAccessibleDescription(
      PIECE_MESSAGES.money,
    );
    expect(books.savePiece).not.toHaveBeenCalled();
  });

  it('asks for a name', async () => {
    renderAt('/books/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Add piece' }));
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      PIECE_MESSAGES.nameRequired,
    );
  });

  it('asks for the sale price, channel and day only once the piece is sold', async () => {
    renderAt('/books/new');
    await screen.findByRole('textbox', { name: /Name/ });
    expect(screen.queryByRole('textbox', { name: 'Sale price' })).not.toBeInTheDocument();
    await chooseOption('Status', 'Sold');
    expect(screen.getByRole('textbox', { name: 'Sale price' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Channel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sold on')).toBeInTheDocument();
  });

  it('refuses a sale day before the purchase day under the sale day', async () => {
    const { books } = renderAt(
      '/books/piece-1',
      createFakeBooks([{ fields: fakePieceFields({ boughtOn: '2026-11-10' }) }]),
    );
    await chooseOption('Status', 'Sold');
    await userEvent.type(screen.getByLabelText('Sold on'), '2026-11-02');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByLabelText('Sold on')).toHaveAccessibleDescription(PIECE_MESSAGES.saleBeforePurchase);
    expect(books.savePiece).not.toHaveBeenCalled();
  });

  it('keeps what was typed and says why when the save fails', async () => {
    const books = createFakeBooks();
    books.savePiece.mockRejectedValueOnce(new Error('You are offline.'));
    renderAt('/books/new', books);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Walnut sideboard');
    await userEvent.click(screen.getByRole('button', { name: 'Add piece' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Walnut sideboard'));
  });
});
