/** Listings are priced in US dollars; the server-rendered listing page formats prices with the same code. */
export { formatPrice, PRICE_CURRENCY } from '@flipstage/core';
