/**
 * A price range from FlipStage's own sales (issue 42): what listings of the same furniture type
 * (and style and condition, when there are enough of those) sold for. Never a number from fewer
 * than MIN_SALES_FOR_PRICE sales: with fewer the answer says so, and how many there are.
 */
import { z } from 'zod';
import { DESIGN_STYLE_IDS, FURNITURE_TYPE_IDS, type DesignStyleId, type FurnitureTypeId } from '../catalog.js';
import { ITEM_CONDITIONS } from '../listingFields.js';
import { MESSAGES } from '../messages.js';

export const MIN_SALES_FOR_PRICE = 5;
/** The newest sales a suggestion reads: recent prices, and a bounded read however many there are. */
export const PRICE_SALES_LIMIT = 200;

/** Which sales the range comes from: the type alone, or narrowed to the style and the condition. */
export const PRICE_BASES = ['type', 'type-style', 'type-style-condition'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

export const priceSuggestionQuerySchema = z.object({
  furnitureType: z.enum(FURNITURE_TYPE_IDS as [FurnitureTypeId, ...FurnitureTypeId[]], {
    error: MESSAGES.listingTypeInvalid,
  }),
  style: z
    .enum(DESIGN_STYLE_IDS as [DesignStyleId, ...DesignStyleId[]], { error: MESSAGES.listingStyleInvalid })
    .optional(),
  condition: z.enum(ITEM_CONDITIONS, { error: MESSAGES.conditionInvalid }).optional(),
});
export type PriceSuggestionQuery = z.infer<typeof priceSuggestionQuerySchema>;

export const priceSuggestionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('range'),
    basis: z.enum(PRICE_BASES),
    /** How many sales the numbers come from (at least MIN_SALES_FOR_PRICE). */
    sales: z.number().int().min(MIN_SALES_FOR_PRICE),
    median: z.number().nonnegative(),
    /** The middle half of the sales: a quarter sold for less than `low`, a quarter for more than `high`. */
    low: z.number().nonnegative(),
    high: z.number().nonnegative(),
  }),
  z.object({ kind: z.literal('not-enough'), sales: z.number().int().nonnegative() }),
]);
export type PriceSuggestion = z.infer<typeof priceSuggestionSchema>;

/** The value below which `share` of the sorted prices lie, interpolated between neighbours. */
function quantile(sorted: readonly number[], share: number): number {
  const at = (sorted.length - 1) * share;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

const toCents = (amount: number) => Math.round(amount * 100) / 100;

/** The range of these sale prices, or null when there are too few to say anything. */
export function priceRangeOf(
  prices: readonly number[],
  basis: PriceBasis,
): Extract<PriceSuggestion, { kind: 'range' }> | null {
  if (prices.length < MIN_SALES_FOR_PRICE) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  return {
    kind: 'range',
    basis,
    sales: sorted.length,
    median: toCents(quantile(sorted, 0.5)),
    low: toCents(quantile(sorted, 0.25)),
    high: toCents(quantile(sorted, 0.75)),
  };
}
