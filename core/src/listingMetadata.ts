/**
 * What a listing tells search engines and link previews (issue 25): its summary, its schema.org
 * Product and the head tags a listing page is served with. One home for the server-rendered page
 * (functions/src/services/listingPage.ts) and the booted app (web's ListingPage).
 */
import type { ItemDetail } from './contracts/marketplace.js';
import { escapeHtml } from './html.js';
import type { ItemCondition } from './listingFields.js';
import { STATIC_META_ATTRIBUTE } from './pageShell.js';

export const SITE_NAME = 'FlipStage';

/** Listings are priced in US dollars: the card, the listing page and its structured data agree. */
export const PRICE_CURRENCY = 'USD';

const priceFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: PRICE_CURRENCY });

export function formatPrice(price: number): string {
  return priceFormat.format(price);
}

/** Search engines show about this much of a description. */
const SUMMARY_LENGTH = 160;

/** A link preview shows the first photo this wide, or the photo itself when it has no such variant. */
export const SHARE_IMAGE_WIDTH = 1200;

export const listingPath = (id: string) => `/marketplace/${id}`;

/** The page title: the listing's own, then the site's. */
export const pageTitle = (title: string) => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

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

/** schema.org's OfferItemCondition for each condition a seller can pick. */
const SCHEMA_CONDITIONS: Record<ItemCondition, string> = {
  new: 'https://schema.org/NewCondition',
  'like-new': 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  'for-parts': 'https://schema.org/DamagedCondition',
};

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
      ...(item.condition ? { itemCondition: SCHEMA_CONDITIONS[item.condition] } : {}),
      ...(item.sellerName ? { seller: { '@type': 'Person', name: item.sellerName } } : {}),
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export interface ShareImage {
  url: string;
  /** Known when the picture is a resized variant; a preview then reserves its shape. */
  size: { width: number; height: number } | null;
}

/**
 * The first photo as a link preview shows it: its narrowest variant at least SHARE_IMAGE_WIDTH
 * wide, else the photo itself; null for a listing without photos. `absolute` turns a stored URL
 * into one a crawler can fetch.
 */
export function listingShareImage(
  item: Pick<ItemDetail, 'images' | 'variants'>,
  absolute: (url: string) => string,
): ShareImage | null {
  const first = item.images[0];
  if (first === undefined) return null;
  const variants = item.variants[0];
  const wide = variants?.sources
    .filter((source) => source.width >= SHARE_IMAGE_WIDTH)
    .sort((a, b) => a.width - b.width)[0];
  if (!variants || !wide) return { url: absolute(first), size: null };
  return {
    url: absolute(wide.url),
    size: { width: wide.width, height: Math.round((wide.width * variants.height) / variants.width) },
  };
}

/** `url` as is when absolute, else a path on `siteUrl` (core has no URL class: it runs everywhere). */
function onSite(url: string, siteUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${siteUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** A meta or link tag, its attribute values escaped, marked for the app to replace at boot. */
function tag(name: 'meta' | 'link', attributes: Record<string, string>): string {
  const text = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('');
  return `<${name} ${STATIC_META_ATTRIBUTE}${text} />`;
}

const property = (key: string, content: string) => tag('meta', { property: key, content });
const named = (key: string, content: string) => tag('meta', { name: key, content });

/**
 * The head of a listing's page for crawlers and link previews: title, description, canonical URL,
 * Open Graph (product) and Twitter tags, and the Product JSON-LD. `siteUrl` is the site's public
 * origin; relative photo URLs are made absolute on it.
 */
export function listingHeadTags(item: ItemDetail, siteUrl: string): string {
  const absolute = (url: string) => onSite(url, siteUrl);
  const url = absolute(listingPath(item.id));
  const title = pageTitle(item.title);
  const description = listingSummary(item);
  const image = listingShareImage(item, absolute);
  const tags = [
    `<title ${STATIC_META_ATTRIBUTE}>${escapeHtml(title)}</title>`,
    named('description', description),
    tag('link', { rel: 'canonical', href: url }),
    property('og:type', 'product'),
    property('og:site_name', SITE_NAME),
    property('og:title', title),
    property('og:description', description),
    property('og:url', url),
    ...(image
      ? [
          property('og:image', image.url),
          ...(image.size
            ? [
                property('og:image:width', String(image.size.width)),
                property('og:image:height', String(image.size.height)),
              ]
            : []),
        ]
      : []),
    property('product:price:amount', item.price.toFixed(2)),
    property('product:price:currency', PRICE_CURRENCY),
    property('product:availability', item.state === 'sold' ? 'out of stock' : 'in stock'),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', description),
    ...(image ? [named('twitter:image', image.url)] : []),
    `<script type="application/ld+json" ${STATIC_META_ATTRIBUTE}>${listingStructuredData(item, url, item.images.map(absolute))}</script>`,
  ];
  return tags.map((line) => `    ${line}`).join('\n');
}

/** The head of a listing that does not exist (or is hidden): a title, and no index. */
export function missingListingHeadTags(): string {
  return [
    `<title ${STATIC_META_ATTRIBUTE}>${escapeHtml(pageTitle('Listing not found'))}</title>`,
    named('robots', 'noindex'),
  ]
    .map((line) => `    ${line}`)
    .join('\n');
}
