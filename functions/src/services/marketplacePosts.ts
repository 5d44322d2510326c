/**
 * Where a listing is posted (issue 41): who may see and change it, and the seller's own records.
 * Every kit and post route comes through ownListingForMarketplaces: the listing's owner, on a plan
 * that sells "Post to marketplaces" (core's marketplacesAllowed), or a refusal in words.
 */
import {
  KIT_MESSAGES,
  MESSAGES,
  type MarketplacePost,
  type PostStateRequest,
  type PriceIdConfig,
  type RecordPostRequest,
} from '@flipstage/core';
import { PostNotFound, type ItemDoc, type MarketplacePostDoc, type Store } from '../ports/store.js';
import { ServiceError } from './errors.js';
import { requireMarketplacesPlan } from './marketplacePlan.js';

export interface MarketplacePostDeps {
  store: Store;
  priceIds: PriceIdConfig;
}

/**
 * The listing, when `uid` owns it and their plan includes posting to marketplaces. The plan is
 * checked first, so a seller without it learns what to do whichever listing they ask about; a
 * listing that is missing or someone else's is not found, so ids of others' listings tell nothing.
 */
export async function ownListingForMarketplaces(
  deps: MarketplacePostDeps,
  uid: string,
  itemId: string,
): Promise<ItemDoc> {
  await requireMarketplacesPlan(deps, uid);
  const item = await deps.store.getItem(itemId);
  if (!item || item.owner !== uid) throw new ServiceError('not-found', MESSAGES.itemNotFound);
  return item;
}

const toPost = ({ itemId, site, state, url, updated_at }: MarketplacePostDoc): MarketplacePost => ({
  itemId,
  site,
  state,
  url,
  updated_at,
});

export async function listingPosts(deps: MarketplacePostDeps, uid: string, itemId: string): Promise<MarketplacePost[]> {
  const item = await ownListingForMarketplaces(deps, uid, itemId);
  return (await deps.store.listPosts(item.id)).map(toPost);
}

/** The seller posted the listing on a kit site at this address (checked to be on that site by the schema). */
export async function recordKitPost(
  deps: MarketplacePostDeps,
  uid: string,
  request: RecordPostRequest,
  now = new Date(),
): Promise<MarketplacePost> {
  const item = await ownListingForMarketplaces(deps, uid, request.itemId);
  if (request.site === 'etsy' && !item.vintage) throw new ServiceError('invalid', KIT_MESSAGES.etsyNeedsVintage);
  const post = await deps.store.recordPost({
    itemId: item.id,
    site: request.site,
    owner: uid,
    state: 'posted',
    url: request.url,
    updated_at: now.toISOString(),
  });
  return toPost(post);
}

/** The seller ticks a post off: taken down there, or sold there. */
export async function changePostState(
  deps: MarketplacePostDeps,
  uid: string,
  request: PostStateRequest,
  now = new Date(),
): Promise<MarketplacePost> {
  const item = await ownListingForMarketplaces(deps, uid, request.itemId);
  try {
    return toPost(await deps.store.setPostState(item.id, request.site, request.state, now.toISOString()));
  } catch (error) {
    if (error instanceof PostNotFound) throw new ServiceError('not-found', KIT_MESSAGES.postNotFound);
    throw error;
  }
}
