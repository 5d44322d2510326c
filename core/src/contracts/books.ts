/**
 * The books' API (issue 42). Local mode serves every call of the seller's books here, from PGlite;
 * Firebase mode's app writes Firestore directly under firestore.rules and only the export is an API
 * call there too (the CLI cannot read Firestore itself). Requests are parsed with core's piece
 * schemas, so the local host refuses what the rules refuse.
 */
import { z } from 'zod';
import { FURNITURE_TYPE_IDS, type FurnitureTypeId } from '../catalog.js';
import type { BooksSummary } from '../books/summary.js';
import {
  BOOK_CURRENCIES,
  calendarDaySchema,
  COST_CATEGORIES,
  PIECE_STATUSES,
  costLineFieldsSchema,
  pieceFieldsSchema,
  type BookCurrency,
  type CostLine,
  type CostLineFields,
  type Piece,
  type PieceFields,
} from '../books/pieces.js';

export const BOOKS_PATHS = {
  pieces: '/api/books/pieces',
  deletedPieces: '/api/books/pieces-deleted',
  piece: (id: string) => `/api/books/pieces/${encodeURIComponent(id)}`,
  restore: (id: string) => `/api/books/pieces/${encodeURIComponent(id)}/restore`,
  costs: (pieceId: string) => `/api/books/pieces/${encodeURIComponent(pieceId)}/costs`,
  cost: (pieceId: string, costId: string) =>
    `/api/books/pieces/${encodeURIComponent(pieceId)}/costs/${encodeURIComponent(costId)}`,
  /** Served in both modes: the CLI's `flipstage pieces export`. */
  export: '/api/books/export',
  import: '/api/books/import',
  summary: '/api/books/summary',
  currency: '/api/books/currency',
} as const;

/** A seller who never chose one keeps their books in US dollars. */
export const DEFAULT_BOOK_CURRENCY: BookCurrency = 'USD';

/** One import is at most this many pieces: a spreadsheet of a business, not a data dump. */
export const BOOKS_IMPORT_MAX_PIECES = 5_000;

export interface PieceWithCosts {
  piece: Piece;
  costs: CostLine[];
}
export interface ImportedPiece {
  piece: PieceFields;
  costs: CostLineFields[];
}

export const importRequestSchema = z.object({
  rows: z
    .array(z.object({ piece: pieceFieldsSchema, costs: z.array(costLineFieldsSchema).max(200) }))
    .min(1)
    .max(BOOKS_IMPORT_MAX_PIECES),
});
export const currencyRequestSchema = z.object({ currency: z.enum(BOOK_CURRENCIES) });
export const summaryQuerySchema = z.object({ today: calendarDaySchema });

const day = z.string().nullable();
const furnitureType = z.enum(FURNITURE_TYPE_IDS as [FurnitureTypeId, ...FurnitureTypeId[]]).nullable();

/** The answers, checked loosely: the stores wrote them through the request schemas above. */
export const pieceSchema: z.ZodType<Piece> = z.object({
  id: z.string(),
  owner: z.string(),
  name: z.string(),
  furnitureType,
  style: z.string().nullable() as z.ZodType<Piece['style']>,
  boughtFrom: z.string().nullable(),
  boughtOn: day,
  purchaseCents: z.number(),
  hours: z.number(),
  status: z.enum(PIECE_STATUSES),
  listingId: z.string().nullable(),
  stagingIds: z.array(z.string()),
  saleCents: z.number().nullable(),
  saleChannel: z.string().nullable(),
  soldOn: day,
  created_at: z.string(),
  updated_at: z.string(),
  deletedAt: z.string().nullable(),
});
export const costLineSchema: z.ZodType<CostLine> = z.object({
  id: z.string(),
  pieceId: z.string(),
  owner: z.string(),
  category: z.enum(COST_CATEGORIES),
  amountCents: z.number(),
  note: z.string(),
  created_at: z.string(),
});
export const piecesListSchema = z.object({ data: z.array(pieceSchema) });
export const pieceWithCostsSchema: z.ZodType<PieceWithCosts> = z.object({
  piece: pieceSchema,
  costs: z.array(costLineSchema),
});
export const piecesExportSchema = z.object({ data: z.array(pieceWithCostsSchema) });
export const importResultSchema = z.object({ imported: z.number() });
export const currencySchema = z.object({ currency: z.enum(BOOK_CURRENCIES) }) as z.ZodType<{
  currency: BookCurrency;
}>;
const periodTotals = z.object({ revenueCents: z.number(), profitCents: z.number(), sold: z.number() });
export const booksSummarySchema: z.ZodType<BooksSummary> = z.object({
  currency: z.enum(BOOK_CURRENCIES),
  thisMonth: periodTotals,
  thisYear: periodTotals,
  averageDaysToSell: z.number().nullable(),
  tiedUpCents: z.number(),
  unsoldPieces: z.number(),
  byMonth: z.array(periodTotals.extend({ month: z.string() })),
  daysToSellByType: z.array(z.object({ furnitureType, averageDays: z.number(), sales: z.number() })),
});
