/**
 * Local mode's ItemStore.listingsVersion: this process owns the database, so counting its own
 * listing writes tells every change. Shared by every part of the store that writes a listing (the
 * item store, and the moderation store that hides and shows them).
 */
import { randomUUID } from 'node:crypto';

/** Listings whose own last write is remembered. */
const MOST_LISTINGS_COUNTED = 10_000;

export interface ListingWrites {
  /** Wraps a write of the listing `listing(...args)` names, counting it once it has settled. */
  counted<A extends unknown[], R>(
    listing: (...args: A) => string,
    write: (...args: A) => Promise<R>,
  ): (...args: A) => Promise<R>;
  version(id?: string): string;
}

export function createListingWrites(): ListingWrites {
  // The start's own mark keeps a restarted host's first versions from repeating the last run's.
  const started = randomUUID().slice(0, 8);
  let writes = 0;
  // The count at each listing's last write, for the most recently written listings. A listing
  // forgotten or never written reads as the count when one was last forgotten: once more is
  // forgotten, every such listing's version changes, which at worst costs a fresh query.
  const byListing = new Map<string, number>();
  let forgotten = 0;
  return {
    counted:
      (listing, write) =>
      async (...args) => {
        try {
          return await write(...args);
        } finally {
          // Also after a failure: a rolled-back write only costs the readers one fresh query.
          writes += 1;
          const id = listing(...args);
          byListing.delete(id);
          byListing.set(id, writes);
          if (byListing.size > MOST_LISTINGS_COUNTED) {
            byListing.delete(byListing.keys().next().value!);
            forgotten = writes;
          }
        }
      },
    version: (id) => `${started}.${id === undefined ? writes : `${byListing.get(id) ?? `f${forgotten}`}`}`,
  };
}
