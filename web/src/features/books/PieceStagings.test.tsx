import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImageEdit, ImageEditsPage, PieceFields } from '@flipstage/core';
import type { AuthUser } from '../../backend/types';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser } from '../../test-utils/fakeBackend';
import { createFakeBooks } from '../../test-utils/fakeBooks';

function edit(n: number): ImageEdit {
  return {
    id: `edit-${n}`,
    user_id: 'user-1',
    input_image_url: `/blobs/in-${n}.jpg`,
    output_image_url: `/blobs/out-${n}.jpg`,
    background_style: `Room ${n}`,
    style: 'modern',
    furniture_type: 'dresser',
    created_at: `2026-11-0${n}T10:00:00.000Z`,
  };
}

/** The seller's history: edit-1 to edit-3, two pages (edit-3 on the second). */
function renderPiece(fields: Partial<PieceFields>) {
  const books = createFakeBooks([{ fields: { name: 'Oak dresser', ...fields } }]);
  const backend = createFakeBackend({ user: fakeAuthUser(), books });
  const getImageEdits = vi.fn(async (_user: AuthUser, ids: readonly string[]) =>
    [1, 2, 3]
      .map(edit)
      .filter((e) => ids.includes(e.id))
      .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)),
  );
  backend.account.getImageEdits = getImageEdits;
  backend.account.listImageEdits = vi.fn(async (_user: AuthUser, cursor: string | null): Promise<ImageEditsPage> =>
    cursor === null ? { data: [edit(1), edit(2)], nextCursor: 'page-2' } : { data: [edit(3)], nextCursor: null },
  );
  return { ...renderApp('/books/piece-1', backend), books, getImageEdits };
}

const stagingsSection = () => screen.findByRole('region', { name: 'Stagings' });

describe("a piece's stagings", () => {
  it('shows each linked staging before and after, in the piece’s order', async () => {
    const { getImageEdits } = renderPiece({ stagingIds: ['edit-2', 'edit-1'] });
    const section = await stagingsSection();
    expect(await within(section).findByRole('img', { name: 'Staging 1 of Oak dresser' })).toHaveAttribute(
      'src',
      '/blobs/out-2.jpg',
    );
    expect(within(section).getByRole('img', { name: 'Original photo of Staging 2 of Oak dresser' })).toHaveAttribute(
      'src',
      '/blobs/in-1.jpg',
    );
    expect(getImageEdits).toHaveBeenCalledWith(expect.objectContaining({ uid: 'user-1' }), ['edit-2', 'edit-1']);
  });

  it('says so when no staging is linked', async () => {
    renderPiece({});
    const section = await stagingsSection();
    expect(await within(section).findByText(/No stagings linked yet/)).toBeInTheDocument();
  });

  it('links a staging from the next page of the picker, keeping the piece’s other fields', async () => {
    const { books } = renderPiece({ stagingIds: ['edit-1'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Link stagings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link stagings' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Load more' }));
    const third = await within(dialog).findByRole('checkbox', { name: /Room 3/ });
    expect(within(dialog).getByRole('checkbox', { name: /Room 1/ })).toBeChecked();
    await userEvent.click(third);
    expect(third).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save stagings' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link stagings' })).not.toBeInTheDocument());
    expect(books.savePiece).toHaveBeenCalledWith(
      'piece-1',
      expect.objectContaining({ name: 'Oak dresser', purchaseCents: 4000, stagingIds: ['edit-1', 'edit-3'] }),
    );
    const section = await stagingsSection();
    expect(await within(section).findByRole('img', { name: 'Staging 2 of Oak dresser' })).toHaveAttribute(
      'src',
      '/blobs/out-3.jpg',
    );
  });

  it('unlinks a staging', async () => {
    const { books } = renderPiece({ stagingIds: ['edit-1', 'edit-2'] });
    const section = await stagingsSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Unlink Staging 1 of Oak dresser' }));
    expect(books.savePiece).toHaveBeenCalledWith('piece-1', expect.objectContaining({ stagingIds: ['edit-2'] }));
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Unlink Staging 2 of Oak dresser' })).toBeNull(),
    );
    expect(within(section).getByRole('img', { name: 'Staging 1 of Oak dresser' })).toHaveAttribute(
      'src',
      '/blobs/out-2.jpg',
    );
  });

  it('lists the piece on the marketplace with its first staging', async () => {
    renderPiece({ stagingIds: ['edit-2', 'edit-1'] });
    const link = await screen.findByRole('link', { name: 'List this piece' });
    await waitFor(() => expect(link.getAttribute('href')).toContain('edit='));
    const href = new URL(link.getAttribute('href')!, 'http://app.example');
    expect(href.pathname).toBe('/marketplace');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      piece: 'piece-1',
      image: '/blobs/out-2.jpg',
      edit: 'edit-2',
    });
  });

  it('offers no List this piece once the piece has a listing', async () => {
    renderPiece({ status: 'listed', listingId: 'item-9' });
    await stagingsSection();
    expect(screen.queryByRole('link', { name: 'List this piece' })).toBeNull();
  });
});
