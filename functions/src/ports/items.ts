/** The listings part of the Store port (items/{id}), with the page shape image edits share. */
import type {
  ImageEdit,
  Item,
  ItemPosition,
  ItemSearchQuery,
  ListingFacts,
  PriceSuggestionQuery,
} from '@flipstage/core';

/** items/{id} as stored: the API's Item plus its search tokens. */
export interface ItemDoc extends Item {
  /** True when an image came from the owner's own staging results (ITEM_STAGED_FROM_FIELD). */
  aiStaged: boolean;
  keywords: string[];
  /**
   * Out of search and off its page (but for its owner): hidden by established reporters until a
   * moderator decides, or removed by one (the ModerationStore sets it, with the record of why).
   */
  hidden: boolean;
  /**
   * The seller as buyers see them, copied from the account at each save so a listing reads as one
   * document (Firebase mode reads listings straight from Firestore): never the email address.
   */
  sellerName: string | null;
  sellerSince: string | null;
}

/** The form's fields; images, thumbs, variants and aiStaged change only together, when new images are sent. */
export type ItemPatch = Pick<
  ItemDoc,
  | 'title'
  | 'description'
  | 'price'
  | 'tags'
  | 'state'
  | 'keywords'
  | 'updated_at'
  | keyof ListingFacts
  | 'sellerName'
  | 'sellerSince'
> &
  Partial<Pick<ItemDoc, 'images' | 'thumbs' | 'variants' | 'aiStaged'>>;

/** Position in the newest-first order (created_at desc, id desc); the service encodes it as an opaque cursor. */
export interface PageAfter {
  createdAt: string;
  id: string;
}

/** Words, facets, price range, order and page (core's search/query.ts): what the marketplace list asks. */
export type ItemQuery = ItemSearchQuery;

export interface Page<T> {
  data: T[];
  /** Set when there may be more rows after the last one returned. */
  next: PageAfter | null;
}

export interface ItemStore {
  /** Throws ItemAlreadyExists when an item with this id is stored (an idempotent create's replay or race). */
  createItem(item: ItemDoc): Promise<ItemDoc>;
  getItem(id: string): Promise<ItemDoc | null>;
  /** Owner-checked inside the transaction: throws ItemNotFound or NotItemOwner. */
  updateItem(id: string, owner: string, patch: ItemPatch): Promise<ItemDoc>;
  /**
   * In the query's order; never hidden items, only active ones plus the viewer's own sold ones.
   * The items' keywords may come back empty: a store need not send terms only its query reads.
   */
  searchItems(query: ItemQuery): Promise<{ data: ItemDoc[]; next: ItemPosition | null }>;
  /** The seller marks the listing from a conversation. Owner-checked inside the transaction: throws ItemNotFound or NotItemOwner. */
  setListingStatus(id: string, owner: string, status: Pick<ItemDoc, 'state' | 'reserved'>): Promise<ItemDoc>;
  /** Owner-checked inside the transaction: throws ItemNotFound or NotItemOwner. Returns what was deleted. */
  deleteItem(id: string, owner: string): Promise<ItemDoc>;
  /** One seller's listings, newest first: active and not hidden, or every one of them with includeUnlisted. */
  listItemsByOwner(owner: string, options: OwnerItemsQuery): Promise<Page<ItemDoc>>;
  /**
   * A token that changes with every listing written through this store, or with `id`, every write
   * of that one listing; when this process sees every write (PGlite, owned by the one local host).
   * Null when others write too (Firestore's many function instances), so a read can never be kept.
   */
  listingsVersion(id?: string): string | null;
  /**
   * What listings of the query's type (and its style and condition, where given) sold for on
   * FlipStage, the most recently sold first, at most `limit`; hidden listings never count.
   */
  soldPrices(query: PriceSuggestionQuery, limit: number): Promise<number[]>;
}

export interface OwnerItemsQuery {
  /** Sold and hidden listings too: for the owner's own view. */
  includeUnlisted: boolean;
  after: PageAfter | null;
  limit: number;
}

/** image_edits/{id}, recorded by completeStage. */
export interface ImageEditStore {
  /** The user's own image edits, newest first. */
  listImageEdits(uid: string, after: PageAfter | null, limit: number): Promise<Page<ImageEdit>>;
  /**
   * The user's own edits among `ids`, in the order asked: a piece's linked stagings. An id of
   * someone else's edit, or of none, is left out rather than refused, so a stale link costs nothing.
   */
  getImageEdits(uid: string, ids: readonly string[]): Promise<ImageEdit[]>;
}

export class ItemNotFound extends Error {
  constructor(readonly id: string) {
    super(`No item ${id}`);
    this.name = 'ItemNotFound';
  }
}

export class NotItemOwner extends Error {
  constructor(readonly id: string) {
    super(`Not the owner of item ${id}`);
    this.name = 'NotItemOwner';
  }
}

export class ItemAlreadyExists extends Error {
  constructor(readonly id: string) {
    super(`Item ${id} already exists`);
    this.name = 'ItemAlreadyExists';
  }
}
