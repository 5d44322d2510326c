import {
  BOOKS_PATHS,
  type BookCurrency,
  type BooksSummary,
  type CostLine,
  type Piece,
  type PieceWithCosts,
} from '@flipstage/core';
import type { BooksDriver } from './books';
import { contract } from './contracts';
import { ApiError, type ApiFetch } from './http';

const piece = contract<Piece>((m) => m.pieceSchema);
const pieces = contract<{ data: Piece[] }>((m) => m.piecesListSchema);
const withCosts = contract<PieceWithCosts>((m) => m.pieceWithCostsSchema);
const exported = contract<{ data: PieceWithCosts[] }>((m) => m.piecesExportSchema);
const costLine = contract<CostLine>((m) => m.costLineSchema);
const imported = contract<{ imported: number }>((m) => m.importResultSchema);
const summary = contract<BooksSummary>((m) => m.booksSummarySchema);
const currency = contract<{ currency: BookCurrency }>((m) => m.currencySchema);
const acknowledgement = contract<unknown>((m) => m.acknowledgementSchema);

/** Local mode's books: every call goes to the local host, which keeps them in PGlite (functions/src/http/booksRoutes.ts). */
export function createLocalBooksDriver(apiFetch: ApiFetch): BooksDriver {
  return {
    listPieces: async () => (await apiFetch(BOOKS_PATHS.pieces, { schema: pieces })).data,
    listDeletedPieces: async () => (await apiFetch(BOOKS_PATHS.deletedPieces, { schema: pieces })).data,
    getPiece: async (id) => {
      try {
        return await apiFetch(BOOKS_PATHS.piece(id), { schema: withCosts });
      } catch (error) {
        // Another seller's piece answers 404 too: to this seller it does not exist.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    savePiece: (id, fields) =>
      id === null
        ? apiFetch(BOOKS_PATHS.pieces, { schema: piece, method: 'POST', json: fields })
        : apiFetch(BOOKS_PATHS.piece(id), { schema: piece, method: 'PUT', json: fields }),
    deletePiece: async (id) => {
      await apiFetch(BOOKS_PATHS.piece(id), { schema: acknowledgement, method: 'DELETE' });
    },
    restorePiece: async (id) => {
      await apiFetch(BOOKS_PATHS.restore(id), { schema: acknowledgement, method: 'POST' });
    },
    addCost: (pieceId, fields) => apiFetch(BOOKS_PATHS.costs(pieceId), { schema: costLine, method: 'POST', json: fields }),
    updateCost: (pieceId, costId, fields) =>
      apiFetch(BOOKS_PATHS.cost(pieceId, costId), { schema: costLine, method: 'PUT', json: fields }),
    removeCost: async (pieceId, costId) => {
      await apiFetch(BOOKS_PATHS.cost(pieceId, costId), { schema: acknowledgement, method: 'DELETE' });
    },
    exportPieces: async () => (await apiFetch(BOOKS_PATHS.export, { schema: exported })).data,
    importPieces: (rows) => apiFetch(BOOKS_PATHS.import, { schema: imported, method: 'POST', json: { rows } }),
    summary: (today) => apiFetch(`${BOOKS_PATHS.summary}?today=${encodeURIComponent(today)}`, { schema: summary }),
    currency: async () => (await apiFetch(BOOKS_PATHS.currency, { schema: currency })).currency,
    setCurrency: async (value) => {
      await apiFetch(BOOKS_PATHS.currency, { schema: acknowledgement, method: 'PUT', json: { currency: value } });
    },
  };
}
