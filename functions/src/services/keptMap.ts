/**
 * A map that keeps at most `most` keys and, past that, drops the one least recently asked: the
 * home of the marketplace's kept reads' bound, shared by the service (listingReads.ts) and the
 * local host's door in front of Express (http/keptListingReads.ts).
 */

/** Reads kept, per keeper (first pages, searches, next pages, listings); about 1000 pages of JSON. */
export const MOST_KEPT = 1000;

export interface KeptMap<V> {
  /** The value kept for the key, which is now the most recently asked. */
  get(key: string): V | undefined;
  /** Keeps the value as the most recently asked, dropping the least recently asked past the bound. */
  set(key: string, value: V): void;
  /**
   * Forgets the key; given a value, only while the key still holds it, so a failed read forgets
   * itself and never a newer one kept since.
   */
  delete(key: string, value?: V): void;
}

export function keptMap<V>(most: number = MOST_KEPT): KeptMap<V> {
  // A Map iterates in insertion order, so re-inserting on every ask keeps the least recently asked first.
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > most) entries.delete(entries.keys().next().value!);
    },
    delete(key, value) {
      if (value === undefined || entries.get(key) === value) entries.delete(key);
    },
  };
}
