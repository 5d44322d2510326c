import type {
  BookCurrency,
  BooksSummary,
  CostLine,
  CostLineFields,
  ImportedPiece,
  Piece,
  PieceFields,
  PieceWithCosts,
} from '@flipstage/core';

/**
 * The flipper's books (issue 42): a seller's own pieces and cost lines. Firebase mode writes them
 * to Firestore directly under firestore.rules (pieces/{id}, pieces/{id}/costs/{id}) and reads the
 * dashboard from the per-seller monthly totals a trigger keeps; local mode goes to the local host,
 * which keeps them in PGlite. Every write is the signed-in seller's; money is whole cents.
 */

/** A piece with its cost lines, and an import's row: core's API contracts (contracts/books.ts) name both. */
export type { ImportedPiece, PieceWithCosts };

export interface BooksDriver {
  /** The seller's pieces not deleted, newest first. */
  listPieces(): Promise<Piece[]>;
  /** Pieces deleted in the last PIECE_RESTORE_DAYS, the most recently deleted first. */
  listDeletedPieces(): Promise<Piece[]>;
  /** Null when there is no such piece of the seller's. */
  getPiece(id: string): Promise<PieceWithCosts | null>;
  /** Creates the piece (id null) or replaces its fields. */
  savePiece(id: string | null, fields: PieceFields): Promise<Piece>;
  deletePiece(id: string): Promise<void>;
  restorePiece(id: string): Promise<void>;
  addCost(pieceId: string, fields: CostLineFields): Promise<CostLine>;
  updateCost(pieceId: string, costId: string, fields: CostLineFields): Promise<CostLine>;
  removeCost(pieceId: string, costId: string): Promise<void>;
  /** Every piece not deleted with its cost lines: for the CSV export. */
  exportPieces(): Promise<PieceWithCosts[]>;
  /** Writes every row or, on any failure, none. */
  importPieces(rows: ImportedPiece[]): Promise<{ imported: number }>;
  /** The dashboard's numbers as of `today` (YYYY-MM-DD, the seller's day). */
  summary(today: string): Promise<BooksSummary>;
  currency(): Promise<BookCurrency>;
  setCurrency(currency: BookCurrency): Promise<void>;
}
