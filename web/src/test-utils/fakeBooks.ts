import { vi } from 'vitest';
import {
  contributionOf,
  type BookCurrency,
  type CostLine,
  type CostLineFields,
  type Piece,
  type PieceFields,
  summariseBooks,
} from '@flipstage/core';
import type { BooksDriver } from '../backend/books';

export function fakePieceFields(overrides: Partial<PieceFields> = {}): PieceFields {
  return {
    name: 'Oak dresser',
    furnitureType: 'dresser',
    style: null,
    boughtFrom: null,
    boughtOn: '2026-11-01',
    purchaseCents: 4000,
    hours: 0,
    status: 'sourced',
    listingId: null,
    stagingIds: [],
    saleCents: null,
    saleChannel: null,
    soldOn: null,
    ...overrides,
  };
}

/**
 * An in-memory books driver for one seller, kept as the stores keep it (deleted pieces marked, not
 * removed; the summary from core's own summariseBooks), every call a vi.fn a test can inspect.
 */
export function createFakeBooks(
  seed: Array<{ fields: Partial<PieceFields>; costs?: CostLineFields[]; deletedAt?: string }> = [],
  currency: BookCurrency = 'USD',
) {
  let nextPiece = 1;
  let nextCost = 1;
  let writes = 0;
  const at = '2026-11-20T10:00:00.000Z';
  const pieces = new Map<string, Piece>();
  const costs = new Map<string, CostLine[]>();
  let bookCurrency = currency;

  const store = (id: string | null, fields: PieceFields): Piece => {
    const pieceId = id ?? `piece-${nextPiece++}`;
    const before = pieces.get(pieceId);
    // Each write a millisecond later than the last: the order pieces were added in shows in their instants.
    const now = `${at.slice(0, 19)}.${String(++writes).padStart(3, '0')}Z`;
    const piece: Piece = {
      ...fields,
      id: pieceId,
      owner: 'user-1',
      created_at: before?.created_at ?? now,
      updated_at: now,
      deletedAt: before?.deletedAt ?? null,
    };
    pieces.set(pieceId, piece);
    if (!costs.has(pieceId)) costs.set(pieceId, []);
    return piece;
  };
  const addLine = (pieceId: string, fields: CostLineFields): CostLine => {
    const line: CostLine = { ...fields, id: `cost-${nextCost++}`, pieceId, owner: 'user-1', created_at: at };
    costs.set(pieceId, [...(costs.get(pieceId) ?? []), line]);
    return line;
  };
  const live = () => [...pieces.values()].filter((p) => p.deletedAt === null).reverse();
  const withCosts = (piece: Piece) => ({ piece, costs: costs.get(piece.id) ?? [] });
  const mustHave = (id: string) => {
    const piece = pieces.get(id);
    if (!piece) throw new Error('That piece is not in your books.');
    return piece;
  };

  for (const { fields, costs: lines = [], deletedAt } of seed) {
    const piece = store(null, fakePieceFields(fields));
    lines.forEach((line) => addLine(piece.id, line));
    if (deletedAt) pieces.set(piece.id, { ...piece, deletedAt });
  }

  const driver = {
    listPieces: vi.fn(async () => live()),
    listDeletedPieces: vi.fn(async () => [...pieces.values()].filter((p) => p.deletedAt !== null)),
    getPiece: vi.fn(async (id: string) => {
      const piece = pieces.get(id);
      return piece && piece.deletedAt === null ? withCosts(piece) : null;
    }),
    savePiece: vi.fn(async (id: string | null, fields: PieceFields) => store(id, fields)),
    deletePiece: vi.fn(async (id: string) => {
      pieces.set(id, { ...mustHave(id), deletedAt: new Date().toISOString() });
    }),
    restorePiece: vi.fn(async (id: string) => {
      pieces.set(id, { ...mustHave(id), deletedAt: null });
    }),
    addCost: vi.fn(async (pieceId: string, fields: CostLineFields) => addLine(pieceId, fields)),
    updateCost: vi.fn(async (pieceId: string, costId: string, fields: CostLineFields) => {
      const lines = costs.get(pieceId) ?? [];
      const line = { ...lines.find((l) => l.id === costId)!, ...fields };
      costs.set(
        pieceId,
        lines.map((l) => (l.id === costId ? line : l)),
      );
      return line;
    }),
    removeCost: vi.fn(async (pieceId: string, costId: string) => {
      costs.set(
        pieceId,
        (costs.get(pieceId) ?? []).filter((l) => l.id !== costId),
      );
    }),
    exportPieces: vi.fn(async () => live().map(withCosts)),
    importPieces: vi.fn(async (rows: Array<{ piece: PieceFields; costs: CostLineFields[] }>) => {
      for (const row of rows) {
        const piece = store(null, row.piece);
        row.costs.forEach((line) => addLine(piece.id, line));
      }
      return { imported: rows.length };
    }),
    summary: vi.fn(async (today: string) =>
      summariseBooks(
        live().map((p) => contributionOf(p, costs.get(p.id) ?? [], p.updated_at)),
        today,
        bookCurrency,
      ),
    ),
    currency: vi.fn(async () => bookCurrency),
    setCurrency: vi.fn(async (next: BookCurrency) => {
      bookCurrency = next;
    }),
  } satisfies BooksDriver;
  return driver;
}
