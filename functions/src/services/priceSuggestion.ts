/**
 * A price for a new listing from FlipStage's own sales (issue 42): the narrowest match that has
 * enough sales (the type, style and condition; then the type and style; then the type alone), so
 * a seller sees the most specific numbers that mean something, and none from fewer than
 * MIN_SALES_FOR_PRICE sales.
 */
import {
  PRICE_SALES_LIMIT,
  priceRangeOf,
  type PriceBasis,
  type PriceSuggestion,
  type PriceSuggestionQuery,
} from '@flipstage/core';
import type { Store } from '../ports/store.js';

export async function suggestPrice(
  store: Pick<Store, 'soldPrices'>,
  query: PriceSuggestionQuery,
): Promise<PriceSuggestion> {
  const { furnitureType, style, condition } = query;
  const narrowings: Array<[PriceBasis, PriceSuggestionQuery]> = [];
  if (style && condition) narrowings.push(['type-style-condition', { furnitureType, style, condition }]);
  if (style) narrowings.push(['type-style', { furnitureType, style }]);
  narrowings.push(['type', { furnitureType }]);
  let sales = 0;
  for (const [basis, narrowed] of narrowings) {
    const prices = await store.soldPrices(narrowed, PRICE_SALES_LIMIT);
    const range = priceRangeOf(prices, basis);
    if (range) return range;
    sales = prices.length;
  }
  return { kind: 'not-enough', sales };
}
