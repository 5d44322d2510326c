/**
 * The books' running totals (issue 42): what Firebase mode's trigger keeps per seller so the
 * dashboard reads a handful of documents, not every piece. Each piece's contribution (contributionOf)
 * is added in; a change applies the difference between its last applied contribution and its new
 * one. summaryFromTotals turns the totals into the same BooksSummary summariseBooks makes from the
 * pieces themselves: the tests hold the two equal.
 */
import type { FurnitureTypeId } from '../catalog.js';
import type { BookCurrency } from './pieces.js';
import { lastTwelveMonths, type BooksSummary, type PeriodTotals, type PieceContribution } from './summary.js';

/** A piece without a furniture type is counted under this key (a map key cannot be null). */
export const UNTYPED_KEY = 'untyped';

/** The seller's totals over every piece, whatever its month. */
export interface StockTotals {
  tiedUpCents: number;
  unsoldPieces: number;
  /** Days to sell summed over the sales with both days known, and how many those are. */
  daysTotal: number;
  timedSales: number;
  /** The same per furniture type (UNTYPED_KEY for none). */
  byType: Record<string, { days: number; sales: number }>;
}

export interface TotalsChange {
  stock: StockTotals;
  /** Per YYYY-MM of a sale: what changes in that month. */
  months: Record<string, PeriodTotals>;
}

export const emptyStock = (): StockTotals => ({ tiedUpCents: 0, unsoldPieces: 0, daysTotal: 0, timedSales: 0, byType: {} });
export const emptyPeriod = (): PeriodTotals => ({ revenueCents: 0, profitCents: 0, sold: 0 });

function addContribution(change: TotalsChange, c: PieceContribution, sign: 1 | -1) {
  change.stock.tiedUpCents += sign * c.tiedUpCents;
  change.stock.unsoldPieces += sign * c.unsold;
  if (c.month === null) return;
  const month = (change.months[c.month] ??= emptyPeriod());
  month.revenueCents += sign * c.revenueCents;
  month.profitCents += sign * c.profitCents;
  month.sold += sign * c.sold;
  if (c.daysToSell === null) return;
  change.stock.daysTotal += sign * c.daysToSell;
  change.stock.timedSales += sign;
  const type = (change.stock.byType[c.furnitureType ?? UNTYPED_KEY] ??= { days: 0, sales: 0 });
  type.days += sign * c.daysToSell;
  type.sales += sign;
}

/** What the totals gain when a piece's contribution goes from `before` to `after` (null: no piece). */
export function contributionChange(before: PieceContribution | null, after: PieceContribution | null): TotalsChange {
  const change: TotalsChange = { stock: emptyStock(), months: {} };
  if (before) addContribution(change, before, -1);
  if (after) addContribution(change, after, 1);
  return change;
}

/** Whether applying the change would leave every total as it was (a retried or no-op event). */
export function isNoChange(change: TotalsChange): boolean {
  const { stock } = change;
  return (
    stock.tiedUpCents === 0 &&
    stock.unsoldPieces === 0 &&
    stock.daysTotal === 0 &&
    stock.timedSales === 0 &&
    Object.values(stock.byType).every((t) => t.days === 0 && t.sales === 0) &&
    Object.values(change.months).every((m) => m.revenueCents === 0 && m.profitCents === 0 && m.sold === 0)
  );
}

export function addStock(into: StockTotals, change: StockTotals): StockTotals {
  const byType = { ...into.byType };
  for (const [key, t] of Object.entries(change.byType)) {
    const was = byType[key] ?? { days: 0, sales: 0 };
    byType[key] = { days: was.days + t.days, sales: was.sales + t.sales };
    // A type whose last timed sale went away leaves no empty row behind.
    if (byType[key].sales === 0) delete byType[key];
  }
  return {
    tiedUpCents: into.tiedUpCents + change.tiedUpCents,
    unsoldPieces: into.unsoldPieces + change.unsoldPieces,
    daysTotal: into.daysTotal + change.daysTotal,
    timedSales: into.timedSales + change.timedSales,
    byType,
  };
}

export function addPeriod(into: PeriodTotals, change: PeriodTotals): PeriodTotals {
  return {
    revenueCents: into.revenueCents + change.revenueCents,
    profitCents: into.profitCents + change.profitCents,
    sold: into.sold + change.sold,
  };
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/** The dashboard from the stock totals and the months' totals (any months; the last 12 are read). */
export function summaryFromTotals(
  stock: StockTotals,
  months: Readonly<Record<string, PeriodTotals>>,
  today: string,
  currency: BookCurrency,
): BooksSummary {
  const byMonth = lastTwelveMonths(today).map((month) => ({ month, ...addPeriod(emptyPeriod(), months[month] ?? emptyPeriod()) }));
  const year = today.slice(0, 4);
  const thisYear = byMonth.filter((m) => m.month.startsWith(year)).reduce<PeriodTotals>(addPeriod, emptyPeriod());
  return {
    currency,
    thisMonth: addPeriod(emptyPeriod(), months[today.slice(0, 7)] ?? emptyPeriod()),
    thisYear,
    averageDaysToSell: stock.timedSales === 0 ? null : tenths(stock.daysTotal / stock.timedSales),
    tiedUpCents: stock.tiedUpCents,
    unsoldPieces: stock.unsoldPieces,
    byMonth,
    daysToSellByType: Object.entries(stock.byType)
      .filter(([, t]) => t.sales > 0)
      .map(([key, t]) => ({
        furnitureType: key === UNTYPED_KEY ? null : (key as FurnitureTypeId),
        averageDays: tenths(t.days / t.sales),
        sales: t.sales,
      }))
      .sort((a, b) => b.averageDays - a.averageDays),
  };
}
