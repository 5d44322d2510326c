/**
 * Post to marketplaces (issue 41): where a listing is posted outside FlipStage, one post per site,
 * and the kit of text and photos for the sites with no listing API. One home for the eBay
 * publishing and the kits: both record their posts in this shape.
 *
 * Routes (the listing's owner on a Flipper or Premium plan only; 403 MESSAGES.marketplacesNeedPlan):
 * - GET  MARKETPLACE_PATHS.posts?id=        the listing's posts (marketplacePostsSchema)
 * - POST MARKETPLACE_PATHS.posts            the seller records "posted at <URL>" (recordPostSchema)
 * - POST MARKETPLACE_PATHS.postState        the seller ticks a post off (postStateSchema)
 * - GET  MARKETPLACE_PATHS.kit?id=          each kit site's text (listingKitSchema)
 * - GET  MARKETPLACE_PATHS.kitPhotos?id=&site=   a ZIP of the photos sized for the site
 */
import { z } from 'zod';
import { itemIdSchema } from '../schemas.js';
import {
  KIT_SITES,
  MARKETPLACE_SITES,
  MAX_POST_URL_LENGTH,
  POST_STATES,
  SITE_LABELS,
  urlBelongsToSite,
} from '../marketplaceSites.js';

export const MARKETPLACE_PATHS = {
  posts: '/api/marketplaces/posts',
  postState: '/api/marketplaces/posts/state',
  kit: '/api/marketplaces/kit',
  kitPhotos: '/api/marketplaces/kit/photos',
} as const;

/** The kit's words a seller reads on a refusal; kept beside the routes they belong to. */
export const KIT_MESSAGES = {
  siteInvalid: 'Choose one of the marketplaces listed.',
  postUrlRequired: 'Paste the address of your post.',
  postUrlTooLong: `The address is too long (at most ${MAX_POST_URL_LENGTH} characters).`,
  postUrlNotOnSite: (label: string) => `That address is not on ${label}. Paste the address of your post there.`,
  stateInvalid: 'Choose posted, taken down or sold.',
  etsyNeedsVintage: 'Etsy takes only vintage pieces (20 years or older). Mark the listing vintage to post it there.',
  postNotFound: 'This listing is not recorded as posted on that site.',
  stagedPhotosInvalid: 'Say which photos are virtually staged by their numbers, separated by commas.',
  noPhotos: 'This listing has no photos to put in a kit.',
} as const;

/** A listing's id, as the marketplace's own routes take it. */
const itemId = itemIdSchema;

/** One listing's post on one site, as the API serves it. */
export const marketplacePostSchema = z.object({
  itemId: z.string(),
  site: z.enum(MARKETPLACE_SITES),
  state: z.enum(POST_STATES),
  /** The post's page on the site; null when the site gave none (or it is not known yet). */
  url: z.string().nullable(),
  updated_at: z.string(),
});
export type MarketplacePost = z.infer<typeof marketplacePostSchema>;

export const marketplacePostsSchema = z.object({ data: z.array(marketplacePostSchema) });
export type MarketplacePosts = z.infer<typeof marketplacePostsSchema>;

/** POST MARKETPLACE_PATHS.posts: the seller posted the listing on a kit site, at this address. */
export const recordPostSchema = z
  .object({
    itemId,
    site: z.enum(KIT_SITES, { error: KIT_MESSAGES.siteInvalid }),
    url: z
      .string({ error: KIT_MESSAGES.postUrlRequired })
      .trim()
      .min(1, KIT_MESSAGES.postUrlRequired)
      .max(MAX_POST_URL_LENGTH, KIT_MESSAGES.postUrlTooLong),
  })
  .superRefine((value, ctx) => {
    if (!urlBelongsToSite(value.url, value.site)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: KIT_MESSAGES.postUrlNotOnSite(SITE_LABELS[value.site]) });
    }
  });
export type RecordPostRequest = z.infer<typeof recordPostSchema>;

/** POST MARKETPLACE_PATHS.postState: the seller took the post down, or it sold there. */
export const postStateSchema = z.object({
  itemId,
  site: z.enum(MARKETPLACE_SITES, { error: KIT_MESSAGES.siteInvalid }),
  state: z.enum(POST_STATES, { error: KIT_MESSAGES.stateInvalid }),
});
export type PostStateRequest = z.infer<typeof postStateSchema>;

/**
 * `staged`: the indexes of the listing's photos that are virtually staged, comma-separated ("" for
 * none). A listing keeps no per-photo record of which came from the studio, so the seller says.
 */
const stagedPhotosParam = z
  .string()
  .max(200)
  .regex(/^(\d{1,2}(,\d{1,2})*)?$/, KIT_MESSAGES.stagedPhotosInvalid)
  .transform((text) => (text === '' ? [] : [...new Set(text.split(',').map(Number))]))
  .optional();

/** GET MARKETPLACE_PATHS.kit */
export const kitQuerySchema = z.object({ id: itemId, staged: stagedPhotosParam });

/** GET MARKETPLACE_PATHS.kitPhotos */
export const kitPhotosQuerySchema = kitQuerySchema.extend({
  site: z.enum(KIT_SITES, { error: KIT_MESSAGES.siteInvalid }),
});

/** The photos' part of a kit's query string: the form kitQuerySchema reads back. */
export function stagedPhotosQuery(staged: readonly number[]): string {
  return staged.join(',');
}

/** One kit site's part of the kit. */
export const siteKitSchema = z.object({
  site: z.enum(KIT_SITES),
  title: z.string(),
  titleLimit: z.number(),
  description: z.string(),
  postingUrl: z.string(),
  /** Photos the ZIP holds: the real ones first, then the staged ones. */
  photoCount: z.number(),
  /** Null when the site takes the piece; else why not (Etsy: not marked vintage). */
  unavailable: z.string().nullable(),
});
export type SiteKit = z.infer<typeof siteKitSchema>;

export const listingKitSchema = z.object({
  itemId: z.string(),
  /** Indexes of the listing's photos the kit treats as virtually staged: the ones asked for, else its guess. */
  stagedPhotos: z.array(z.number()),
  sites: z.array(siteKitSchema),
});
export type ListingKit = z.infer<typeof listingKitSchema>;
