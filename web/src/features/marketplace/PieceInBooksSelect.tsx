import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import type { Piece } from '@flipstage/core';
import { NEW_PIECE, NOT_IN_BOOKS, useLinkablePieces } from './linkListing';

/**
 * The create dialog's choice of piece for a new listing: 'none', 'new' or a piece's id, starting
 * from the piece the address asked for. A requested piece that cannot take a listing (sold, or
 * listed already) falls back to none once the pieces are known.
 */
export function usePieceInBooks(requestedId: string | null, enabled: boolean) {
  const pieces = useLinkablePieces(enabled);
  const [chosen, setChoice] = useState(requestedId ?? NOT_IN_BOOKS);
  const list = pieces.data ?? [];
  const known =
    chosen === NOT_IN_BOOKS || chosen === NEW_PIECE || pieces.isPending || list.some((piece) => piece.id === chosen);
  const requested = list.find((piece) => piece.id === requestedId) ?? null;
  return { pieces, choice: known ? chosen : NOT_IN_BOOKS, setChoice, requested };
}

export function PieceInBooksSelect({
  pieces,
  value,
  onChange,
}: {
  pieces: { data?: Piece[]; isPending: boolean; isError: boolean };
  value: string;
  onChange(choice: string): void;
}) {
  const data = [
    { value: NOT_IN_BOOKS, label: 'Not in my books' },
    { value: NEW_PIECE, label: 'Add as a new piece' },
    ...(pieces.data ?? []).map((piece) => ({ value: piece.id, label: piece.name })),
  ];
  return (
    <Select
      label="Piece in your books"
      description="The listing, and the staging its photo came from, are linked to the piece."
      data={data}
      value={value}
      onChange={(choice) => onChange(choice ?? NOT_IN_BOOKS)}
      allowDeselect={false}
      searchable
      error={pieces.isError ? 'Your pieces could not be loaded.' : undefined}
      rightSection={pieces.isPending ? <Loader size="xs" aria-label="Loading your pieces" /> : undefined}
    />
  );
}
