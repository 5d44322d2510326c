/**
 * A Store with some of its methods wrapped (a listing's sale moving its pieces, a listing off the
 * market ending its eBay listing). The store stays the prototype rather than being copied: every
 * method not wrapped is looked up on it at each call, as anything else holding the store sees it.
 */
import type { Store } from '../ports/store.js';

export function wrapStore(store: Store, wrapped: Partial<Store>): Store {
  return Object.assign(Object.create(store) as Store, wrapped);
}
