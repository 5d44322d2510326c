/**
 * The flipper's books (issue 42): a seller's pieces and their cost lines, on PGlite in local mode
 * and on Firestore (pieces/{id}, pieces/{id}/costs/{id}) in Firebase mode, where the web app writes
 * them itself under firestore.rules and the backend reads them for the export, marks pieces sold
 * when their listing sells and purges what was deleted more than PIECE_RESTORE_DAYS ago. Every call
 * names the owner: a piece of another seller's is no piece at all (PieceNotFound).
 */
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

/** What a listing's sale writes onto the pieces linked to it. */
export interface ListingSale {
  saleCents: number;
  saleChannel: string;
  /** YYYY-MM-DD. */
  soldOn: string;
}

export interface PieceStore {
  /** Pieces not deleted, newest first. */
  listPieces(owner: string): Promise<Piece[]>;
  /** Pieces deleted at or after `since` (ISO), the most recently deleted first. */
  listDeletedPieces(owner: string, since: string): Promise<Piece[]>;
  /** A piece not deleted with its cost lines (oldest first), or null. */
  getPiece(owner: string, id: string): Promise<PieceWithCosts | null>;
  createPiece(owner: string, fields: PieceFields, at: string): Promise<Piece>;
  /** Replaces the fields of a piece not deleted. */
  updatePiece(owner: string, id: string, fields: PieceFields, at: string): Promise<Piece>;
  /** Marks the piece deleted at `at`, or (null) restores it. */
  setDeleted(owner: string, id: string, deletedAt: string | null, at: string): Promise<Piece>;
  addCost(owner: string, pieceId: string, fields: CostLineFields, at: string): Promise<CostLine>;
  updateCost(owner: string, pieceId: string, costId: string, fields: CostLineFields): Promise<CostLine>;
  removeCost(owner: string, pieceId: string, costId: string): Promise<void>;
  /** Every piece not deleted with its cost lines, newest first. */
  exportPieces(owner: string): Promise<PieceWithCosts[]>;
  /** Writes every row, or none when any fails; answers how many pieces were written. */
  importPieces(owner: string, rows: readonly ImportedPiece[], at: string): Promise<number>;
  /** The dashboard as of `today` (YYYY-MM-DD). */
  summary(owner: string, today: string): Promise<BooksSummary>;
  currency(owner: string): Promise<BookCurrency>;
  setCurrency(owner: string, currency: BookCurrency): Promise<void>;
  /**
   * The listing was reserved (true) or let go again (false): the owner's pieces linked to it move
   * from listed to reserved, or back; a piece sold or not listed keeps its status. Answers how many moved.
   */
  reserveListing(owner: string, listingId: string, reserved: boolean, at: string): Promise<number>;
  /** The owner's pieces linked to the listing and not sold yet move to sold; answers how many did. */
  sellListing(owner: string, listingId: string, sale: ListingSale, at: string): Promise<number>;
  /** Deletes for good every piece deleted before `before` (ISO) and its cost lines; answers how many. */
  purgeDeleted(before: string): Promise<number>;
}

export class PieceNotFound extends Error {
  constructor(readonly id: string) {
    super(`No piece ${id}`);
    this.name = 'PieceNotFound';
  }
}
