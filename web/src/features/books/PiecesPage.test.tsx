import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { booksCsv } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks } from '../../test-utils/fakeBooks';

function renderPieces(books: ReturnType<typeof createFakeBooks>) {
  renderApp('/books', createFakeBackend({ user: fakeAuthUser(), books }));
  return books;
}

const soldChair = {
  fields: {
    name: 'Teak chair',
    furnitureType: 'chair' as const,
    status: 'sold' as const,
    purchaseCents: 2000,
    saleCents: 9000,
    boughtOn: '2026-10-01',
    soldOn: '2026-10-11',
  },
  costs: [{ category: 'materials' as const, amountCents: 1550, note: 'Paint' }],
};

describe('Your books: the pieces', () => {
  it("shows each piece's type, status, purchase, sale, profit after its costs, and days to sell", async () => {
    renderPieces(createFakeBooks([soldChair]));
    const table = await screen.findByRole('table', { name: 'Pieces' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Teak chair', 'Accent Chair', 'Sold', '$20.00', '$90.00', '$54.50', '10 days']);
    expect(within(row!).getByRole('link', { name: 'Teak chair' })).toHaveAttribute('href', '/books/piece-1');
  });

  it('filters the pieces by status', async () => {
    renderPieces(createFakeBooks([soldChair, { fields: { name: 'Pine bench', status: 'listed' } }]));
    await screen.findByRole('link', { name: 'Teak chair' });
    await userEvent.click(screen.getByRole('radio', { name: 'Listed' }));
    expect(screen.getByRole('link', { name: 'Pine bench' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Teak chair' })).not.toBeInTheDocument();
  });

  it('lists the newest piece first', async () => {
    renderPieces(createFakeBooks([{ fields: { name: 'Pine bench' } }, soldChair]));
    const table = await screen.findByRole('table', { name: 'Pieces' });
    const names = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Teak chair', 'Pine bench']);
  });

  it('says when no piece has the chosen status', async () => {
    renderPieces(createFakeBooks([soldChair]));
    await screen.findByRole('link', { name: 'Teak chair' });
    await userEvent.click(screen.getByRole('radio', { name: 'Reserved' }));
    expect(screen.getByText('No pieces are reserved.')).toBeInTheDocument();
  });

  it('formats the money in the currency the seller chooses', async () => {
    const books = renderPieces(createFakeBooks([soldChair]));
    await screen.findByRole('link', { name: 'Teak chair' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency of your books' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EUR' }));
    expect(books.setCurrency).toHaveBeenCalledWith('EUR');
    expect(await screen.findByRole('cell', { name: '€90.00' })).toBeInTheDocument();
  });

  it('says the books could not be loaded when the driver fails', async () => {
    const books = createFakeBooks([soldChair]);
    books.exportPieces.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPieces(books);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your books could not be loaded');
  });

  it("downloads the books as core's CSV, read afresh", async () => {
    const books = renderPieces(createFakeBooks([soldChair]));
    const saved: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:books';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await screen.findByRole('link', { name: 'Teak chair' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await expect.poll(() => saved.length).toBe(1);
      const bytes = await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(saved[0]!);
      });
      // The byte order mark kept: the decoder is told not to take it off.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text).toBe(booksCsv(await books.exportPieces()));
      expect(click.mock.contexts[0]).toHaveProperty(
        'download',
        expect.stringMatching(/^flipstage-books-\d{4}-\d{2}-\d{2}\.csv$/),
      );
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('opens the import from the books', async () => {
    renderPieces(createFakeBooks([soldChair]));
    expect(await screen.findByRole('link', { name: 'Import CSV' })).toHaveAttribute('href', '/books/import');
  });
});
