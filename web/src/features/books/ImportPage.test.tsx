import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_MESSAGES, PIECE_MESSAGES } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks } from '../../test-utils/fakeBooks';

// A hand-made spreadsheet: its own headers, a cost column, and a price that is not money on row 3.
const SHEET = [
  'Item,Paid,Sold for,Paint,Date sold',
  'Oak dresser,40,200,25.50,2026-11-15',
  'Pine bench,forty,,,',
  'Teak chair,15,,8,',
].join('\r\n');

async function chooseFile(text: string, books = createFakeBooks()) {
  const app = renderApp('/books/import', createFakeBackend({ user: fakeAuthUser(), books }));
  const input = await screen.findByLabelText('Choose the CSV file');
  // jsdom's File has no text(), which every browser's has.
  const file = Object.assign(new File([text], 'books.csv', { type: 'text/csv' }), { text: async () => text });
  await userEvent.upload(input, file);
  return { ...app, books };
}

describe('Import CSV', () => {
  it("guesses which field each column fills from the file's headers", async () => {
    await chooseFile(SHEET);
    expect(await screen.findByRole('combobox', { name: 'Column “Item”' })).toHaveValue('Name');
    expect(screen.getByRole('combobox', { name: 'Column “Paid”' })).toHaveValue('Purchase price');
    expect(screen.getByRole('combobox', { name: 'Column “Paint”' })).toHaveValue('A cost: Materials');
  });

  it('shows each row with a problem, by row and column, before anything is written', async () => {
    const { books } = await chooseFile(SHEET);
    const errors = await screen.findByRole('table', { name: 'Rows with problems' });
    const [, row] = within(errors).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'Paid', PIECE_MESSAGES.money]);
    expect(screen.getByText(/^1 row is left out of the import\. Fix it in the spreadsheet/)).toBeInTheDocument();
    expect(books.importPieces).not.toHaveBeenCalled();
  });

  it('previews the pieces it would write, in the seller’s currency', async () => {
    await chooseFile(SHEET, createFakeBooks([], 'GBP'));
    const table = await screen.findByRole('table', { name: 'Pieces to import' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Oak dresser', 'Teak chair']);
    expect(within(rows[0]!).getByRole('cell', { name: '£200.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 pieces' })).toBeEnabled();
  });

  it('reads the file again when the seller changes a column, and says what is missing', async () => {
    await chooseFile(SHEET);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Column “Item”' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Leave out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noName);
    expect(screen.getByRole('button', { name: 'Import 0 pieces' })).toBeDisabled();
  });

  it('writes the previewed pieces in one import and opens the books', async () => {
    const { books, router } = await chooseFile(SHEET);
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 pieces' }));
    expect(books.importPieces).toHaveBeenCalledTimes(1);
    const [rows] = books.importPieces.mock.calls[0]!;
    expect(rows.map((r) => [r.piece.name, r.piece.purchaseCents, r.piece.saleCents, r.costs])).toEqual([
      ['Oak dresser', 4000, 20000, [{ category: 'materials', amountCents: 2550, note: 'Paint' }]],
      ['Teak chair', 1500, null, [{ category: 'materials', amountCents: 800, note: 'Paint' }]],
    ]);
    await expect.poll(() => router.state.location.pathname).toBe('/books');
    expect(await screen.findByRole('link', { name: 'Teak chair' })).toBeInTheDocument();
  });

  it('says nothing was imported when the write fails', async () => {
    const books = createFakeBooks();
    books.importPieces.mockRejectedValueOnce(new Error('The books could not be saved. Try again.'));
    await chooseFile(SHEET, books);
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 pieces' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was imported');
  });

  it('says where a quote is left open, and previews nothing', async () => {
    await chooseFile('Name,Paid\r\n"Oak dresser,40\r\n');
    expect(await screen.findByText("The file's quotes do not close: look at line 2.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });

  it('says when the file has no rows under its header', async () => {
    await chooseFile('Name,Paid\r\n');
    expect(await screen.findByText('The file has a header but no rows under it.')).toBeInTheDocument();
  });
});
