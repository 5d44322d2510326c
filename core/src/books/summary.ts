/**
 * The books' dashboard (issue 42): this month's and this year's revenue, profit and pieces sold,
 * the average days to sell, what is tied up in unsold stock, profit by month and days to sell by
 * furniture type. `summariseBooks` is the reference: local mode runs it over the seller's pieces,
 * and Firebase mode's per-seller monthly totals (kept by a Firestore trigger) must add up to it.
 */
import type { FurnitureTypeId } from '../catalog.js';
import { isSold, pieceNumbers } from './pieceNumbers.js';
import type { BookCurrency, CostLineFields, PieceFields } from './pieces.js';

/** What one piece adds to its seller's totals: to its sale's month when sold, to the stock when not. */
export interface PieceContribution {
  /** YYYY-MM of the sale, or null for a piece not sold (its costs are tied up in stock). */
  month: string | null;
  revenueCents: number;
  profitCents: number;
  sold: number;
  furnitureType: FurnitureTypeId | null;
  /** Days from purchase to sale, when both days are known. */
  daysToSell: number | null;
  /** What an unsold piece has cost so far. */
  tiedUpCents: number;
  unsold: number;
}

export interface PeriodTotals {
  revenueCents: number;
  profitCents: number;
  sold: number;
}

export interface BooksSummary {
  currency: BookCurrency;
  thisMonth: PeriodTotals;
  thisYear: PeriodTotals;
  /** Over every sale with both days known; null without one. */
  averageDaysToSell: number | null;
  tiedUpCents: number;
  unsoldPieces: number;
  /** The last 12 months, oldest first, months without a sale included. */
  byMonth: Array<{ month: string } & PeriodTotals>;
  /** Furniture types with at least one timed sale, the slowest first. */
  daysToSellByType: Array<{ furnitureType: FurnitureTypeId | null; averageDays: number; sales: number }>;
}

/** A sold piece without a sale day counts in the month it was last changed. */
export function contributionOf(
  piece: Pick<PieceFields, 'purchaseCents' | 'saleCents' | 'status' | 'boughtOn' | 'soldOn' | 'furnitureType'>,
  costs: ReadonlyArray<Pick<CostLineFields, 'category' | 'amountCents'>>,
  updatedAt: string,
): PieceContribution {
  const numbers = pieceNumbers(piece, costs);
  if (!isSold(piece)) {
    return {
      month: null,
      revenueCents: 0,
      profitCents: 0,
      sold: 0,
      furnitureType: piece.furnitureType,
      daysToSell: null,
      tiedUpCents: numbers.costCents + numbers.feesCents,
      unsold: 1,
    };
  }
  return {
    month: (piece.soldOn ?? updatedAt).slice(0, 7),
    revenueCents: numbers.saleCents ?? 0,
    profitCents: numbers.profitCents ?? 0,
    sold: 1,
    furnitureType: piece.furnitureType,
    daysToSell: numbers.daysToSell,
    tiedUpCents: 0,
    unsold: 0,
  };
}

/** The 12 months ending with `today`'s, as YYYY-MM, oldest first. */
export function lastTwelveMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const back = month - 12 + i;
    const y = year + Math.floor(back / 12);
    const m = (((back % 12) + 12) % 12) + 1;
    return `${y}-${String(m).padStart(2, '0')}`;
  });
}

export function summariseBooks(
  contributions: readonly PieceContribution[],
  today: string,
  currency: BookCurrency,
): BooksSummary {
  const months = lastTwelveMonths(today);
  const byMonth = new Map(months.map((month) => [month, { month, revenueCents: 0, profitCents: 0, sold: 0 }]));
  const thisMonth = { revenueCents: 0, profitCents: 0, sold: 0 };
  const thisYear = { revenueCents: 0, profitCents: 0, sold: 0 };
  const byType = new Map<FurnitureTypeId | null, { days: number; sales: number }>();
  let daysTotal = 0;
  let timedSales = 0;
  let tiedUpCents = 0;
  let unsoldPieces = 0;
  const add = (into: PeriodTotals, c: PieceContribution) => {
    into.revenueCents += c.revenueCents;
    into.profitCents += c.profitCents;
    into.sold += c.sold;
  };
  for (const c of contributions) {
    tiedUpCents += c.tiedUpCents;
    unsoldPieces += c.unsold;
    if (c.month === null) continue;
    const month = byMonth.get(c.month);
    if (month) add(month, c);
    if (c.month === today.slice(0, 7)) add(thisMonth, c);
    if (c.month.slice(0, 4) === today.slice(0, 4)) add(thisYear, c);
    if (c.daysToSell !== null) {
      daysTotal += c.daysToSell;
      timedSales++;
      const type = byType.get(c.furnitureType) ?? { days: 0, sales: 0 };
      byType.set(c.furnitureType, { days: type.days + c.daysToSell, sales: type.sales + 1 });
    }
  }
  return {
    currency,
    thisMonth,
    thisYear,
    averageDaysToSell: timedSales === 0 ? null : Math.round((daysTotal / timedSales) * 10) / 10,
    tiedUpCents,
    unsoldPieces,
    byMonth: [...byMonth.values()],
    daysToSellByType: [...byType.entries()]
      .map(([furnitureType, { days, sales }]) => ({
        furnitureType,
        averageDays: Math.round((days / sales) * 10) / 10,
        sales,
      }))
      .sort((a, b) => b.averageDays - a.averageDays),
  };
}
