/**
 * Issue 42: a listing made on the marketplace goes into the seller's books, as a new piece or as
 * one of theirs not yet listed, with the stagings its photos came from. Loaded with the
 * marketplace's create dialog: react-query and core's types only, the books driver being lazy.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PIECE_LIMITS, pieceFieldsOf, SOLD_STATUSES, type Item, type Piece, type PieceFields } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { useBooksKey } from '../../backend/session';

export const NOT_IN_BOOKS = 'none';
export const NEW_PIECE = 'new';

export const BOOK_LINK_FAILED = 'Your listing is live, but it could not be added to your books.';

/** A new listing may list a piece not sold yet and not linked to a listing already. */
export function linkablePieces(pieces: readonly Piece[]): Piece[] {
  return pieces.filter((piece) => piece.listingId === null && !SOLD_STATUSES.includes(piece.status));
}

export function useLinkablePieces(enabled: boolean) {
  const { books } = useBackend();
  const key = useBooksKey();
  return useQuery({
    queryKey: [...key, 'list'],
    queryFn: () => books.listPieces(),
    enabled: enabled && key[1] !== null,
    select: linkablePieces,
  });
}

/** Appended after the piece's own, each once; past the limit the newest links are the ones left out. */
export function withStagings(ids: readonly string[], more: readonly string[]): string[] {
  return [...new Set([...ids, ...more])].slice(0, PIECE_LIMITS.stagings);
}

export function newPieceFor(item: Item, editIds: readonly string[]): PieceFields {
  return {
    name: item.title.trim().slice(0, PIECE_LIMITS.name),
    furnitureType: item.furnitureType,
    style: item.style,
    boughtFrom: null,
    boughtOn: null,
    purchaseCents: 0,
    hours: 0,
    status: 'listed',
    listingId: item.id,
    stagingIds: withStagings([], editIds),
    saleCents: null,
    saleChannel: null,
    soldOn: null,
  };
}

export function pieceListedAs(piece: Piece, item: Item, editIds: readonly string[]): PieceFields {
  const notYetListed = piece.status === 'sourced' || piece.status === 'in-progress';
  return {
    ...pieceFieldsOf(piece),
    status: notYetListed ? 'listed' : piece.status,
    listingId: item.id,
    stagingIds: withStagings(piece.stagingIds, editIds),
  };
}

/**
 * Writes the choice ('none', 'new' or a piece's id) for the listing just made. Resolves to why the
 * write failed, or null: the listing stays either way, so a failure is the caller's to tell.
 */
export function useLinkListing() {
  const { books } = useBackend();
  const queryClient = useQueryClient();
  const key = useBooksKey();
  return async (choice: string, item: Item, editIds: readonly string[]): Promise<string | null> => {
    if (choice === NOT_IN_BOOKS) return null;
    try {
      if (choice === NEW_PIECE) {
        await books.savePiece(null, newPieceFor(item, editIds));
      } else {
        // Read again rather than the list's copy: savePiece replaces every field.
        const current = await books.getPiece(choice);
        if (!current) throw new Error('That piece is no longer in your books.');
        await books.savePiece(choice, pieceListedAs(current.piece, item, editIds));
      }
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
}
