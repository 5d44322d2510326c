import { describe, expect, it } from 'vitest';
import { contributionOf, lastTwelveMonths, summariseBooks } from './summary.js';
import type { PieceFields } from './pieces.js';

const sold = (overrides: Partial<PieceFields>): PieceFields => ({
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

describe('the books’ summary', () => {
  it('adds this month’s and this year’s sales, and averages the days to sell', () => {
    const summary = summariseBooks(
      [
        contributionOf(sold({}), [{ category: 'fees', amountCents: 1000 }], '2026-11-11T00:00:00.000Z'),
        contributionOf(sold({ soldOn: '2026-03-01', boughtOn: '2026-02-01' }), [], '2026-03-01T00:00:00.000Z'),
        contributionOf(sold({ soldOn: '2025-12-20', boughtOn: null }), [], '2025-12-20T00:00:00.000Z'),
      ],
      '2026-11-28',
      'USD',
    );
    expect(summary.thisMonth).toEqual({ revenueCents: 10000, profitCents: 5000, sold: 1 });
    expect(summary.thisYear).toEqual({ revenueCents: 20000, profitCents: 11000, sold: 2 });
    expect(summary.averageDaysToSell).toBe(34.5);
    expect(summary.byMonth.map((m) => m.month)).toEqual(lastTwelveMonths('2026-11-28'));
    expect(summary.byMonth.at(-1)).toEqual({ month: '2026-11', revenueCents: 10000, profitCents: 5000, sold: 1 });
    expect(summary.byMonth[0]).toEqual({ month: '2025-12', revenueCents: 10000, profitCents: 6000, sold: 1 });
  });

  it('counts what unsold pieces cost so far as tied up in stock', () => {
    const summary = summariseBooks(
      [
        contributionOf(
          sold({ status: 'listed', saleCents: null, soldOn: null }),
          [{ category: 'materials', amountCents: 550 }],
          '2026-11-01T00:00:00.000Z',
        ),
      ],
      '2026-11-28',
      'USD',
    );
    expect([summary.tiedUpCents, summary.unsoldPieces, summary.thisYear.sold]).toEqual([4550, 1, 0]);
  });

  it('gives the days to sell by type, the slowest first', () => {
    const summary = summariseBooks(
      [
        contributionOf(sold({ furnitureType: 'chair', boughtOn: '2026-11-01' }), [], ''),
        contributionOf(sold({ furnitureType: 'sofa', boughtOn: '2026-09-11' }), [], ''),
      ],
      '2026-11-28',
      'USD',
    );
    expect(summary.daysToSellByType).toEqual([
      { furnitureType: 'sofa', averageDays: 61, sales: 1 },
      { furnitureType: 'chair', averageDays: 10, sales: 1 },
    ]);
  });

  it('names the twelve months across a new year', () => {
    expect(lastTwelveMonths('2026-02-03')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
});
