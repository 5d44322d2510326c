/** Listings are priced in US dollars: the card, the listing page and its structured data agree. */
export const PRICE_CURRENCY = 'USD';

const priceFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: PRICE_CURRENCY });

export function formatPrice(price: number): string {
  return priceFormat.format(price);
}
