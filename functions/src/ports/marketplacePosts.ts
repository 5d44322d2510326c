/**
 * The marketplace-posts part of the Store port (issue 41): where each listing is posted outside
 * FlipStage, one post per listing and site (items/{itemId}/marketplace_posts/{site} in Firestore,
 * readable by the listing's owner alone). The kits record the posts a seller reports; the eBay
 * publishing records its own (site 'ebay'). The service checks ownership before it calls here.
 */
import type { MarketplaceSite, PostState } from '@flipstage/core';

export interface MarketplacePostDoc {
  itemId: string;
  site: MarketplaceSite;
  /** The listing's seller, so the rules can let them alone read it. */
  owner: string;
  state: PostState;
  url: string | null;
  updated_at: string;
}

export interface MarketplacePostStore {
  /** Creates the listing's post on that site, or replaces it (a new address, posted again). */
  recordPost(post: MarketplacePostDoc): Promise<MarketplacePostDoc>;
  /** The listing's posts, in MARKETPLACE_SITES order. */
  listPosts(itemId: string): Promise<MarketplacePostDoc[]>;
  /** Changes one post's state, keeping its address. Throws PostNotFound when there is no such post. */
  setPostState(itemId: string, site: MarketplaceSite, state: PostState, at: string): Promise<MarketplacePostDoc>;
}

export class PostNotFound extends Error {
  constructor(
    readonly itemId: string,
    readonly site: MarketplaceSite,
  ) {
    super(`No post of item ${itemId} on ${site}`);
    this.name = 'PostNotFound';
  }
}
