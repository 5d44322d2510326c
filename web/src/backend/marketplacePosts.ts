import {
  MARKETPLACE_PATHS,
  stagedPhotosQuery,
  type KitSite,
  type ListingKit,
  type MarketplacePost,
  type MarketplacePosts,
  type PostStateRequest,
  type RecordPostRequest,
} from '@flipstage/core';
import { ApiError, type ApiFetch, type IdTokenSource } from './http';
import { contract, errorMessageFrom } from './contracts';

/**
 * Post to marketplaces (issue 41): a listing's kits for the sites with no listing API, and where
 * it is posted. The kits, their photos and every write go through the API, which checks the plan;
 * where it is posted is read from the API in local mode, from Firestore in Firebase mode.
 */
export interface MarketplacePostsDriver {
  /** Each kit site's text; `staged` names the photos that are virtually staged (the server guesses without it). */
  kit(itemId: string, staged: readonly number[] | undefined): Promise<ListingKit>;
  /** One site's photos as a ZIP, to save. */
  kitPhotos(itemId: string, site: KitSite, staged: readonly number[]): Promise<Blob>;
  /** Where the listing is posted, in the sites' order; `uid` is the signed-in seller, its owner. */
  posts(uid: string, itemId: string): Promise<MarketplacePost[]>;
  recordPost(request: RecordPostRequest): Promise<MarketplacePost>;
  setPostState(request: PostStateRequest): Promise<MarketplacePost>;
}

const listingKit = contract<ListingKit>((m) => m.listingKitSchema);
const post = contract<MarketplacePost>((m) => m.marketplacePostSchema);
const postsPage = contract<MarketplacePosts>((m) => m.marketplacePostsSchema);

function kitQuery(itemId: string, staged: readonly number[] | undefined): URLSearchParams {
  const params = new URLSearchParams({ id: itemId });
  if (staged) params.set('staged', stagedPhotosQuery(staged));
  return params;
}

/** The HTTP driver: all of local mode, and the writes and kits of Firebase mode. */
export function createHttpMarketplacePostsDriver(apiFetch: ApiFetch, idToken: IdTokenSource): MarketplacePostsDriver {
  return {
    kit: (itemId, staged) => apiFetch(`${MARKETPLACE_PATHS.kit}?${kitQuery(itemId, staged)}`, { schema: listingKit }),
    // A ZIP, not JSON: fetched here with the seller's token, since apiFetch reads every answer as JSON.
    async kitPhotos(itemId, site, staged) {
      const params = kitQuery(itemId, staged);
      params.set('site', site);
      const token = await idToken();
      const response = await fetch(`${MARKETPLACE_PATHS.kitPhotos}?${params}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok)
        throw new ApiError(response.status, await errorMessageFrom(response.status, await response.text()));
      return response.blob();
    },
    posts: async (_uid, itemId) =>
      (await apiFetch(`${MARKETPLACE_PATHS.posts}?${new URLSearchParams({ id: itemId })}`, { schema: postsPage })).data,
    recordPost: (request) => apiFetch(MARKETPLACE_PATHS.posts, { schema: post, method: 'POST', json: request }),
    setPostState: (request) => apiFetch(MARKETPLACE_PATHS.postState, { schema: post, method: 'POST', json: request }),
  };
}
