/**
 * A piece's numbers (issue 42): what it cost, what it sold for, the fees, the profit and margin,
 * and how many days it took from purchase to sale. In cents throughout; a margin in percent.
 */
import { SOLD_STATUSES, type CostLineFields, type PieceFields } from './pieces.js';

export interface PieceNumbers {
  /** The purchase price and every cost line but the fees. */
  costCents: number;
  feesCents: number;
  /** Null until the piece is sold. */
  saleCents: number | null;
  profitCents: number | null;
  /** Profit as a share of the sale price, in percent to one decimal; null without a sale (or a free one). */
  marginPercent: number | null;
  /** Whole days from the purchase to the sale, when both days are known. */
  daysToSell: number | null;
}

const DAY_MS = 86_400_000;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function isSold(piece: Pick<PieceFields, 'status' | 'saleCents'>): boolean {
  return SOLD_STATUSES.includes(piece.status) && piece.saleCents !== null;
}

export function pieceNumbers(
  piece: Pick<PieceFields, 'purchaseCents' | 'saleCents' | 'status' | 'boughtOn' | 'soldOn'>,
  costs: ReadonlyArray<Pick<CostLineFields, 'category' | 'amountCents'>>,
): PieceNumbers {
  let costCents = piece.purchaseCents;
  let feesCents = 0;
  for (const line of costs) {
    if (line.category === 'fees') feesCents += line.amountCents;
    else costCents += line.amountCents;
  }
  const sold = isSold(piece);
  const saleCents = sold ? piece.saleCents : null;
  const profitCents = saleCents === null ? null : saleCents - costCents - feesCents;
  return {
    costCents,
    feesCents,
    saleCents,
    profitCents,
    marginPercent: profitCents === null || !saleCents ? null : Math.round((profitCents / saleCents) * 1000) / 10,
    daysToSell: sold && piece.boughtOn && piece.soldOn ? daysBetween(piece.boughtOn, piece.soldOn) : null,
  };
}
