/** A marketplace search as the API, the stores and the browser's Firestore reader share it. */
import type { SearchTerms } from './terms.js';

export const ITEM_SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
export const DEFAULT_ITEM_SORT: ItemSort = 'newest';

export const ITEM_SORT_LABELS: Record<ItemSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** Where a page ends, in every order at once: the cursor carries all three keys. */
export interface ItemPosition {
  createdAt: string;
  price: number;
  id: string;
}

/** What a store is asked: terms from searchTerms, a price range, an order, a page. */
export interface ItemSearchQuery {
  terms: SearchTerms;
  minPrice: number | null;
  maxPrice: number | null;
  sort: ItemSort;
  /** Sold items are listed only for their owner; hidden ones for nobody. */
  viewer: string | null;
  after: ItemPosition | null;
  limit: number;
}

export interface PositionedItem {
  id: string;
  created_at: string;
  price: number;
}

export function positionOf(item: PositionedItem): ItemPosition {
  return { createdAt: item.created_at, price: item.price, id: item.id };
}

/** Negative when `a` comes first in the sort's order (ties broken by id, as the stores do). */
export function comparePositions(sort: ItemSort, a: ItemPosition, b: ItemPosition): number {
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  if (sort === 'newest') return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : -byId;
  const byPrice = a.price - b.price;
  return sort === 'price-asc' ? byPrice || byId : -byPrice || -byId;
}

export function inPriceRange(price: number, query: Pick<ItemSearchQuery, 'minPrice' | 'maxPrice'>): boolean {
  return (query.minPrice === null || price >= query.minPrice) && (query.maxPrice === null || price <= query.maxPrice);
}

/** Listings per page of the marketplace (issue 25: a page of 24 fills four rows of six, three of eight). */
export const ITEM_PAGE_SIZE = 24;
