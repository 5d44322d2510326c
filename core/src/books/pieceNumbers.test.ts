import { describe, expect, it } from 'vitest';
import { pieceNumbers } from './pieceNumbers.js';
import { centsToPlain, parseMoney, pieceFieldsSchema, type PieceFields } from './pieces.js';

const dresser: PieceFields = {
  name: 'Oak dresser',
  furnitureType: 'dresser',
  style: 'farmhouse',
  boughtFrom: 'Estate sale',
  boughtOn: '2026-10-01',
  purchaseCents: 4000,
  hours: 6.5,
  status: 'sold',
  listingId: null,
  stagingIds: [],
  saleCents: 21000,
  saleChannel: 'FlipStage',
  soldOn: '2026-10-22',
};

describe('a piece’s numbers', () => {
  it('counts the purchase and costs, keeps fees apart, and gives profit, margin and days to sell', () => {
    const costs = [
      { category: 'materials' as const, amountCents: 3550 },
      { category: 'delivery' as const, amountCents: 2000 },
      { category: 'fees' as const, amountCents: 1050 },
    ];
    expect(pieceNumbers(dresser, costs)).toEqual({
      costCents: 9550,
      feesCents: 1050,
      saleCents: 21000,
      profitCents: 10400,
      marginPercent: 49.5,
      daysToSell: 21,
    });
  });

  it('has no sale, profit, margin or days while the piece is unsold', () => {
    expect(pieceNumbers({ ...dresser, status: 'listed' }, [])).toMatchObject({
      costCents: 4000,
      saleCents: null,
      profitCents: null,
      marginPercent: null,
      daysToSell: null,
    });
  });

  it('shows a loss as a negative profit', () => {
    expect(pieceNumbers({ ...dresser, saleCents: 3000 }, [{ category: 'repairs', amountCents: 500 }]).profitCents).toBe(
      -1500,
    );
  });
});

describe('money as typed', () => {
  it('reads whole cents without floating point', () => {
    expect([parseMoney('45'), parseMoney('45.5'), parseMoney('$1,250.05'), parseMoney('0.10')]).toEqual([
      4500, 4550, 125005, 10,
    ]);
  });

  it('refuses three decimals, a negative amount, words and more than a million', () => {
    expect([parseMoney('4.555'), parseMoney('-4'), parseMoney('ten'), parseMoney('1000000.01')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('writes cents as a plain number a spreadsheet reads', () => {
    expect([centsToPlain(4550), centsToPlain(5), centsToPlain(-1500)]).toEqual(['45.50', '0.05', '-15.00']);
  });
});

describe('a piece’s fields', () => {
  it('refuses a sale dated before the purchase, on the sale date', () => {
    const result = pieceFieldsSchema.safeParse({ ...dresser, soldOn: '2026-09-30' });
    expect(result.success ? null : result.error.issues[0]?.path).toEqual(['soldOn']);
  });

  it('refuses a day that does not exist, fractional cents and a name with a tab', () => {
    for (const bad of [{ boughtOn: '2026-02-30' }, { purchaseCents: 10.5 }, { name: 'Oak\tdresser' }])
      expect(pieceFieldsSchema.safeParse({ ...dresser, ...bad }).success).toBe(false);
  });
});
