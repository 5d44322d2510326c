/**
 * The outside marketplaces a FlipStage listing can be posted to (issue 41), and what each one's
 * kit must respect. No zod here, so the web panel and the CLI can read the sites' names and links
 * without the contracts. eBay is published through its API; the others get a kit (text and photos
 * ready, the posting page one click away), since they offer no listing API an app may use.
 *
 * Title limits: where a site documents one, its source is named beside it. Where no documented
 * limit could be found, the number is a conservative choice and says so (docs/marketplaces.md).
 */

export const MARKETPLACE_SITES = ['ebay', 'facebook', 'craigslist', 'offerup', 'chairish', 'etsy'] as const;
export type MarketplaceSite = (typeof MARKETPLACE_SITES)[number];

/** The sites that get a kit; eBay is published through its API instead. */
export const KIT_SITES = ['facebook', 'craigslist', 'offerup', 'chairish', 'etsy'] as const;
export type KitSite = (typeof KIT_SITES)[number];

/**
 * Where a listing stands on a site: still up, taken down by the seller (sold or reserved on
 * FlipStage, or withdrawn), or sold there.
 */
export const POST_STATES = ['posted', 'taken-down', 'sold'] as const;
export type PostState = (typeof POST_STATES)[number];

export const SITE_LABELS: Record<MarketplaceSite, string> = {
  ebay: 'eBay',
  facebook: 'Facebook Marketplace',
  craigslist: 'Craigslist',
  offerup: 'OfferUp',
  chairish: 'Chairish',
  etsy: 'Etsy',
};

export interface KitSiteFacts {
  /** The longest title the site takes, in characters (code points); where it comes from is beside each site. */
  titleLimit: number;
  /** The site's own page for a new listing. */
  postingUrl: string;
  /** A recorded post's address must be on one of these domains or a subdomain of one. */
  domains: readonly string[];
  /** The photos' long side in the ZIP, in pixels: large enough for the site's zoom, small enough to upload quickly. */
  photoLongSide: number;
  /** How many photos the site takes on one listing; the ZIP holds no more. */
  maxPhotos: number;
  /** Etsy takes vintage pieces (20 years or older), handmade goods and craft supplies only. */
  vintageOnly: boolean;
}

export const KIT_SITE_FACTS: Record<KitSite, KitSiteFacts> = {
  // Title limit: none in Facebook's own help that could be found; 100 per a sellers' guide
  // (unanswered.io, "Facebook Marketplace description character limit", citing an older guide).
  facebook: {
    titleLimit: 100,
    postingUrl: 'https://www.facebook.com/marketplace/create/item',
    domains: ['facebook.com', 'fb.com'],
    photoLongSide: 2048,
    maxPhotos: 10,
    vintageOnly: false,
  },
  // Title limit: none in Craigslist's help pages that could be found; 70 is a conservative choice.
  craigslist: {
    titleLimit: 70,
    postingUrl: 'https://post.craigslist.org/',
    domains: ['craigslist.org'],
    photoLongSide: 1200,
    maxPhotos: 24,
    vintageOnly: false,
  },
  // Title limit: none in OfferUp's posting rules (help.offerup.com, "Posting rules"), which ask for
  // clear, honest titles; 50 is a conservative choice.
  offerup: {
    titleLimit: 50,
    postingUrl: 'https://offerup.com/post',
    domains: ['offerup.com'],
    photoLongSide: 1600,
    maxPhotos: 12,
    vintageOnly: false,
  },
  // Title limit: none in Chairish's seller guide (chairish.com/pages/seller-guide), whose curators
  // edit titles; 80 is a conservative choice.
  chairish: {
    titleLimit: 80,
    postingUrl: 'https://www.chairish.com/sell',
    domains: ['chairish.com'],
    photoLongSide: 2400,
    maxPhotos: 20,
    vintageOnly: false,
  },
  // Title limit: 140, Etsy's API announcement "Listing title validation changes"
  // (groups.google.com/g/etsy-api-v2), as its listing page has it.
  etsy: {
    titleLimit: 140,
    postingUrl: 'https://www.etsy.com/your/shops/me/listing-editor/create',
    domains: ['etsy.com'],
    photoLongSide: 2000,
    maxPhotos: 10,
    vintageOnly: true,
  },
};

export function isKitSite(site: string): site is KitSite {
  return (KIT_SITES as readonly string[]).includes(site);
}

/** The WHATWG URL parser, global in browsers and Node alike; core compiles without either's types. */
declare const URL: new (input: string) => { protocol: string; hostname: string; username: string; password: string };

/** The longest recorded post address taken: the length browsers keep working with. */
export const MAX_POST_URL_LENGTH = 2048;

/** True when `url` is an http(s) address on one of the site's domains (or a subdomain), with no user info. */
export function urlBelongsToSite(url: string, site: KitSite): boolean {
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return KIT_SITE_FACTS[site].domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
