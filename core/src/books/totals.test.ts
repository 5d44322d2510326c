import { describe, expect, it } from 'vitest';
import type { PieceFields } from './pieces.js';
import { contributionOf, summariseBooks, type PieceContribution } from './summary.js';
import {
  addPeriod,
  addStock,
  contributionChange,
  emptyStock,
  isNoChange,
  summaryFromTotals,
  type StockTotals,
} from './totals.js';
import type { PeriodTotals } from './summary.js';

const piece = (overrides: Partial<PieceFields>): PieceFields => ({
  name: 'Piece',
  furnitureType: 'dresser',
  style: null,
  boughtFrom: null,
  boughtOn: '2026-10-01',
  purchaseCents: 4000,
  hours: 0,
  status: 'sold',
  listingId: null,
  stagingIds: [],
  saleCents: 10000,
  saleChannel: null,
  soldOn: '2026-11-11',
  ...overrides,
});
const at = '2026-11-20T00:00:00.000Z';

/** Applies each piece's change from nothing, as the trigger does for a new piece. */
function fold(contributions: PieceContribution[]) {
  let stock: StockTotals = emptyStock();
  const months: Record<string, PeriodTotals> = {};
  for (const c of contributions) {
    const change = contributionChange(null, c);
    stock = addStock(stock, change.stock);
    for (const [month, delta] of Object.entries(change.months)) {
      months[month] = addPeriod(months[month] ?? { revenueCents: 0, profitCents: 0, sold: 0 }, delta);
    }
  }
  return { stock, months };
}

describe('the books’ running totals', () => {
  it('make the same dashboard as summariseBooks over the same pieces', () => {
    const contributions = [
      contributionOf(piece({}), [{ category: 'fees', amountCents: 1000 }], at),
      contributionOf(piece({ soldOn: '2026-03-01', boughtOn: '2026-02-01', furnitureType: 'sofa' }), [], at),
      contributionOf(piece({ soldOn: '2025-12-20', boughtOn: null, furnitureType: null }), [], at),
      contributionOf(piece({ soldOn: '2024-05-02', boughtOn: '2024-05-01', furnitureType: null }), [], at),
      contributionOf(piece({ status: 'listed', saleCents: null, soldOn: null }), [{ category: 'materials', amountCents: 550 }], at),
    ];
    const { stock, months } = fold(contributions);
    expect(summaryFromTotals(stock, months, '2026-11-28', 'CAD')).toEqual(
      summariseBooks(contributions, '2026-11-28', 'CAD'),
    );
  });

  it('move a piece’s cost out of the stock and into its sale’s month when it sells', () => {
    const listed = contributionOf(piece({ status: 'listed', saleCents: null, soldOn: null }), [], at);
    const sold = contributionOf(piece({}), [], at);
    const change = contributionChange(listed, sold);
    expect(change.stock.tiedUpCents).toBe(-4000);
    expect(change.stock.unsoldPieces).toBe(-1);
    expect(change.months['2026-11']).toEqual({ revenueCents: 10000, profitCents: 6000, sold: 1 });
  });

  it('see no change when a piece’s contribution is what was last applied', () => {
    const sold = contributionOf(piece({}), [{ category: 'parts', amountCents: 300 }], at);
    expect(isNoChange(contributionChange(sold, { ...sold }))).toBe(true);
    expect(isNoChange(contributionChange(null, sold))).toBe(false);
  });

  it('take a deleted piece’s whole contribution away', () => {
    const sold = contributionOf(piece({}), [], at);
    const { stock, months } = fold([sold]);
    const removal = contributionChange(sold, null);
    const after = addStock(stock, removal.stock);
    expect(after).toEqual(emptyStock());
    expect(addPeriod(months['2026-11']!, removal.months['2026-11']!)).toEqual({ revenueCents: 0, profitCents: 0, sold: 0 });
  });

  it('drop a furniture type from days to sell when its last timed sale goes', () => {
    const sold = contributionOf(piece({ furnitureType: 'bed' }), [], at);
    const { stock } = fold([sold]);
    expect(Object.keys(stock.byType)).toEqual(['bed']);
    expect(addStock(stock, contributionChange(sold, null).stock).byType).toEqual({});
  });
});
