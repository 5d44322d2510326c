/**
 * One page of a listing search on Firestore, shared by the server's adapter (firebase-admin) and
 * the browser's reader (the JS SDK): each hands in `run`, which performs one query. Firestore
 * takes one array filter per query, so the most selective term goes into the query (every filter
 * of the UI is a term of `keywords`: words, prefixes, tag, area, and one term for style, type and
 * condition together) and the others are checked in memory, in batches sized by how many of the
 * items read matched, at most three queries per page. Every shape here has its composite index in
 * firestore.indexes.json (covered by functions/test/adapters/firebase/firestoreIndexes.test.ts).
 */
import {
  comparePositions,
  inPriceRange,
  positionOf,
  type ItemPosition,
  type ItemSearchQuery,
  type PositionedItem,
} from './query.js';
import { matchesTerms, type SearchTerms } from './terms.js';

export type FirestoreOp = '==' | '>=' | '<=' | 'array-contains' | 'array-contains-any';
export interface FirestoreFilter {
  field: string;
  op: FirestoreOp;
  value: unknown;
}
/** `__name__` is the document id. */
export interface FirestoreOrder {
  field: string;
  direction: 'asc' | 'desc';
}
export interface FirestoreRead {
  filters: FirestoreFilter[];
  orderBy: FirestoreOrder[];
  startAfter: (string | number)[] | null;
  limit: number;
}

export interface SearchableItem extends PositionedItem {
  state: string;
  owner: string;
  hidden: boolean;
  keywords: string[];
}

export const MAX_QUERIES_PER_PAGE = 3;
/** The most documents one query reads: a page stays one round trip of bounded size. */
export const MAX_BATCH = 600;
/** The share of items a price range is guessed to keep when it cannot be part of the query. */
const PRICE_RANGE_SHARE = 0.3;

/** A guess at the share of listings holding a term, to put the rarest one into the query. */
function share(term: string): number {
  if (term.startsWith('f:')) return term.split('|').reduce((p, part) => p * (part.includes('cond=') ? 0.25 : 0.1), 1);
  if (term.startsWith('area:') || term.startsWith('tag:')) return 0.05;
  return 0.02;
}

function lastShare(last: string[]): number {
  const typed = last.find((t) => t.startsWith('^')) ?? '';
  return typed.length <= 3 ? 0.3 : typed.length === 4 ? 0.1 : 0.03;
}

interface Plan {
  filter: FirestoreFilter | null;
  rest: SearchTerms;
  /** The guessed share of the query's results the in-memory checks keep. */
  keep: number;
}

export function planTerms(terms: SearchTerms, priceInMemory: boolean): Plan {
  const options: { share: number; filter: FirestoreFilter; rest: SearchTerms }[] = terms.all.map((term) => ({
    share: share(term),
    filter: { field: 'keywords', op: 'array-contains', value: term },
    rest: { all: terms.all.filter((t) => t !== term), last: terms.last },
  }));
  if (terms.last) {
    options.push({
      share: lastShare(terms.last),
      filter: { field: 'keywords', op: 'array-contains-any', value: terms.last },
      rest: { all: terms.all, last: null },
    });
  }
  const priceKeep = priceInMemory ? PRICE_RANGE_SHARE : 1;
  const best = options.sort((a, b) => a.share - b.share)[0];
  if (!best) return { filter: null, rest: terms, keep: priceKeep };
  const keep = best.rest.all.reduce((p, t) => p * Math.min(1, share(t) * 5), best.rest.last ? lastShare(best.rest.last) * 5 : 1);
  return { filter: best.filter, rest: best.rest, keep: Math.min(1, keep) * priceKeep };
}

function orderOf(sort: ItemSearchQuery['sort']): { orderBy: FirestoreOrder[]; key: (p: ItemPosition) => (string | number)[] } {
  if (sort === 'newest') {
    return {
      orderBy: [
        { field: 'created_at', direction: 'desc' },
        { field: '__name__', direction: 'desc' },
      ],
      key: (p) => [p.createdAt, p.id],
    };
  }
  const direction = sort === 'price-asc' ? 'asc' : 'desc';
  return {
    orderBy: [
      { field: 'price', direction },
      { field: '__name__', direction },
    ],
    key: (p) => [p.price, p.id],
  };
}

interface Stream<T> {
  found: T[];
  /** The last position read while the stream may hold more; null once it is read to its end. */
  bound: ItemPosition | null;
  done: boolean;
}

async function readStream<T extends SearchableItem>(
  run: (read: FirestoreRead) => Promise<T[]>,
  base: FirestoreFilter[],
  query: ItemSearchQuery,
  budget: number,
  counter: { queries: number },
): Promise<Stream<T>> {
  const priceInMemory = query.sort === 'newest' && (query.minPrice !== null || query.maxPrice !== null);
  const plan = planTerms(query.terms, priceInMemory);
  const filters = [...base, ...(plan.filter ? [plan.filter] : [])];
  if (!priceInMemory && query.minPrice !== null) filters.push({ field: 'price', op: '>=', value: query.minPrice });
  if (!priceInMemory && query.maxPrice !== null) filters.push({ field: 'price', op: '<=', value: query.maxPrice });
  const { orderBy, key } = orderOf(query.sort);
  const stream: Stream<T> = { found: [], bound: query.after, done: false };
  let scanned = 0;
  for (let round = 0; round < budget && stream.found.length <= query.limit; round++) {
    const wanted = query.limit + 1 - stream.found.length;
    // After a first read, size by what was seen; before it, by the guess (a little over, to rarely need another).
    const keep = scanned > 0 ? Math.max(stream.found.length / scanned, 0.01) : plan.keep;
    const size = Math.min(MAX_BATCH, Math.max(wanted, Math.ceil((wanted / keep) * 1.3)));
    counter.queries += 1;
    const batch = await run({ filters, orderBy, startAfter: stream.bound ? key(stream.bound) : null, limit: size });
    scanned += batch.length;
    for (const item of batch) {
      if (matchesTerms(item.keywords, plan.rest) && inPriceRange(item.price, query)) stream.found.push(item);
    }
    const last = batch[batch.length - 1];
    if (last) stream.bound = positionOf(last);
    if (batch.length < size) {
      stream.done = true;
      break;
    }
  }
  return stream;
}

export interface FirestorePage<T> {
  data: T[];
  next: ItemPosition | null;
  /** Queries made for the page (the benchmark checks at most MAX_QUERIES_PER_PAGE). */
  queries: number;
}

/**
 * Listings anyone may read (not hidden, active), and for a signed-in viewer their own sold ones
 * too, read as a second stream and merged in the page's order.
 */
export async function searchFirestorePage<T extends SearchableItem>(
  run: (read: FirestoreRead) => Promise<T[]>,
  query: ItemSearchQuery,
): Promise<FirestorePage<T>> {
  const counter = { queries: 0 };
  const hidden: FirestoreFilter = { field: 'hidden', op: '==', value: false };
  const streams = [
    await readStream(
      run,
      [hidden, { field: 'state', op: '==', value: 'active' }],
      query,
      MAX_QUERIES_PER_PAGE - (query.viewer ? 1 : 0),
      counter,
    ),
  ];
  if (query.viewer) {
    const own = [hidden, { field: 'owner', op: '==', value: query.viewer } as const, { field: 'state', op: '==', value: 'sold' } as const];
    streams.push(await readStream(run, own, query, 1, counter));
  }
  const compare = (a: ItemPosition, b: ItemPosition) => comparePositions(query.sort, a, b);
  const cutoff = streams
    .filter((s) => !s.done && s.bound)
    .map((s) => s.bound!)
    .sort(compare)[0];
  const merged = streams
    .flatMap((s) => s.found)
    .filter((item) => !cutoff || compare(positionOf(item), cutoff) <= 0)
    .sort((a, b) => compare(positionOf(a), positionOf(b)));
  if (merged.length > query.limit) {
    const data = merged.slice(0, query.limit);
    return { data, next: positionOf(data[data.length - 1]!), queries: counter.queries };
  }
  return { data: merged, next: cutoff ?? null, queries: counter.queries };
}
