/**
 * The seller's books through the backend's BooksDriver, cached by react-query under one key per
 * seller: every write reads the books again, so the list, the piece and the dashboard's numbers
 * never disagree after a change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookCurrency, CostLineFields, PieceFields } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import type { ImportedPiece } from '../../backend/books';
import { useBooksKey } from '../../backend/session';

/** Every piece with its cost lines: the list shows each piece's profit, which needs its costs. */
export function usePieces() {
  const { books } = useBackend();
  const key = useBooksKey();
  return useQuery({ queryKey: [...key, 'pieces'], queryFn: () => books.exportPieces(), enabled: key[1] !== null });
}

export function useDeletedPieces() {
  const { books } = useBackend();
  const key = useBooksKey();
  return useQuery({
    queryKey: [...key, 'deleted'],
    queryFn: () => books.listDeletedPieces(),
    enabled: key[1] !== null,
  });
}

export function usePiece(id: string) {
  const { books } = useBackend();
  const key = useBooksKey();
  return useQuery({ queryKey: [...key, 'piece', id], queryFn: () => books.getPiece(id), enabled: key[1] !== null });
}

export function useBooksSummary(today: string) {
  const { books } = useBackend();
  const key = useBooksKey();
  return useQuery({
    queryKey: [...key, 'summary', today],
    queryFn: () => books.summary(today),
    enabled: key[1] !== null,
  });
}

export function useBookCurrency() {
  const { books } = useBackend();
  const key = useBooksKey();
  return useQuery({ queryKey: [...key, 'currency'], queryFn: () => books.currency(), enabled: key[1] !== null });
}

/** A write of the books, after which everything of the seller's books is read again. */
function useBooksWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  const key = useBooksKey();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSavePiece() {
  const { books } = useBackend();
  return useBooksWrite(({ id, fields }: { id: string | null; fields: PieceFields }) => books.savePiece(id, fields));
}

export function useDeletePiece() {
  const { books } = useBackend();
  return useBooksWrite((id: string) => books.deletePiece(id));
}

export function useRestorePiece() {
  const { books } = useBackend();
  return useBooksWrite((id: string) => books.restorePiece(id));
}

export function useAddCost(pieceId: string) {
  const { books } = useBackend();
  return useBooksWrite((fields: CostLineFields) => books.addCost(pieceId, fields));
}

export function useUpdateCost(pieceId: string) {
  const { books } = useBackend();
  return useBooksWrite(({ costId, fields }: { costId: string; fields: CostLineFields }) =>
    books.updateCost(pieceId, costId, fields),
  );
}

export function useRemoveCost(pieceId: string) {
  const { books } = useBackend();
  return useBooksWrite((costId: string) => books.removeCost(pieceId, costId));
}

export function useSetCurrency() {
  const { books } = useBackend();
  return useBooksWrite((currency: BookCurrency) => books.setCurrency(currency));
}

export function useImportPieces() {
  const { books } = useBackend();
  return useBooksWrite((rows: ImportedPiece[]) => books.importPieces(rows));
}
