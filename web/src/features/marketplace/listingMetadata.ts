import type { ItemDetail } from '@flipstage/core';
import { formatPrice, PRICE_CURRENCY } from './price';

/** Search engines show about this much of a description. */
const SUMMARY_LENGTH = 160;

/** The page description: price and state first, then as much of the seller's text as fits. */
export function listingSummary(item: Pick<ItemDetail, 'price' | 'state' | 'description'>): string {
  const lead = `${formatPrice(item.price)}${item.state === 'sold' ? ' · Sold' : ''} · `;
  const text = item.description.replace(/\s+/g, ' ').trim();
  const room = SUMMARY_LENGTH - lead.length;
  if (text.length <= room) return lead + text;
  const cut = text.slice(0, room - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lead}${(lastSpace > room / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * schema.org Product with its Offer, as JSON-LD. `<` is escaped so a title such as
 * "</script>" cannot end the script element it is written into.
 */
export function listingStructuredData(item: ItemDetail, url: string, images: readonly string[]): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    description: item.description,
    url,
    ...(images.length > 0 ? { image: images } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: item.price.toFixed(2),
      priceCurrency: PRICE_CURRENCY,
      availability: item.state === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      ...(item.sellerName ? { seller: { '@type': 'Person', name: item.sellerName } } : {}),
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
