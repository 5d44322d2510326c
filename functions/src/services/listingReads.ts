/**
 * The marketplace's reads, answered once per change (issue 26): a page of listings, a listing and a
 * seller's listings, each kept as its JSON and its ETag until a listing is written (a listing's own
 * page: until that listing is written). Browsing is most of the traffic and most of it asks the
 * same first page, so a crowd of readers costs one query per change, and a browser that has the
 * page gets 304 without any.
 *
 * Kept only while the store can say when listings change (Store.listingsVersion: PGlite, whose one
 * host sees every write). Otherwise each read queries, and the ETag still spares the body.
 */
import { createHash } from 'node:crypto';
import type { ItemDetail, ItemsPage, ItemsQuery } from '@flipstage/core';
import type { Store } from '../ports/store.js';
import { keptMap } from './keptMap.js';
import { searchItems } from './listingSearch.js';
import { getItemDetail, listSellerItems } from './marketplace.js';

/** A read as sent: the JSON's bytes, a weak validator of exactly them, and the listings' version they show. */
export interface ListingRead {
  body: Buffer;
  etag: string;
  /** Store.listingsVersion(listing) when the read began (null: the store cannot tell); see `current`. */
  version: string | null;
  /** The one listing a listing's page shows, whose writes alone change it; absent for lists. */
  listing?: string;
}

// Encoded once: every reader of a kept read is sent the same bytes.
function listingRead(value: ItemsPage | ItemDetail, version: string | null, listing: string | undefined): ListingRead {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, etag, version, ...(listing === undefined ? {} : { listing }) };
}

export interface ListingReads {
  page(query: ItemsQuery & { viewer: string | null }): Promise<ListingRead>;
  detail(id: string | undefined, viewer: string | null): Promise<ListingRead>;
  sellerItems(query: { seller: string; cursor?: string | undefined; viewer: string | null }): Promise<ListingRead>;
}

/**
 * Whether nothing the read shows was written since it began, so it may be answered again without
 * asking (never where the store cannot tell). Begun is what counts: a write that lands while the
 * read runs may or may not be in it.
 */
export function current(store: Store, read: ListingRead): boolean {
  return read.version !== null && read.version === store.listingsVersion(read.listing);
}

export function listingReads(deps: { store: Store }): ListingReads {
  // Promises, so readers who ask together while it is computed share its one query; each with the
  // version it began at, so a read from before a write is never answered after it.
  const kept = keptMap<{ version: string; read: Promise<ListingRead> }>();

  function read(key: string, listing: string | undefined, compute: () => Promise<ItemsPage | ItemDetail>): Promise<ListingRead> {
    const now = deps.store.listingsVersion(listing);
    if (now === null) return compute().then((value) => listingRead(value, null, listing));
    const found = kept.get(key);
    if (found?.version === now) return found.read;
    const entry = { version: now, read: compute().then((value) => listingRead(value, now, listing)) };
    kept.set(key, entry);
    // A failure (a missing listing, a bad cursor) is answered, never kept.
    entry.read.catch(() => kept.delete(key, entry));
    return entry.read;
  }

  // The viewer is part of every key: a seller sees their own sold and hidden listings.
  return {
    page: (query) =>
      read(JSON.stringify(['page', query.viewer, Object.entries(query).sort()]), undefined, () => searchItems(deps, query)),
    detail: (id, viewer) => read(JSON.stringify(['detail', viewer, id ?? null]), id, () => getItemDetail(deps, id, viewer)),
    sellerItems: (query) =>
      read(JSON.stringify(['seller', query.viewer, query.seller, query.cursor ?? null]), undefined, () =>
        listSellerItems(deps, query),
      ),
  };
}
