/**
 * Listings and a query mix for the search benchmarks (bench-search.ts on PGlite, and
 * bench-search-firestore.ts on the Firestore emulator): words drawn so some are common and some
 * rare, every facet filled in, prices spread, one in nine sold and one in two hundred hidden.
 */
import {
  DESIGN_STYLE_IDS,
  FURNITURE_TYPE_IDS,
  ITEM_CONDITIONS,
  itemTerms,
  NO_LISTING_FACTS,
  SEARCH_TERMS_VERSION,
} from '@flipstage/core';
import type { FirestoreRead } from '@flipstage/core';
import type { PGlite } from '@electric-sql/pglite';
import type { ItemDoc } from '../../functions/src/ports/store.js';

/** The web app's ItemFilters (web/src/backend/marketplace.ts), as the address and the API carry them. */
type ItemFilters = Record<'search' | 'tag' | 'style' | 'type' | 'condition' | 'area' | 'min' | 'max' | 'sort', string>;

const WOODS = ['oak', 'walnut', 'pine', 'teak', 'maple', 'cherry', 'ash', 'birch', 'mahogany', 'rattan'];
const PIECES = [
  'dresser',
  'sideboard',
  'armchair',
  'bookcase',
  'desk',
  'nightstand',
  'bench',
  'wardrobe',
  'coffee table',
  'dining chairs',
  'shelves',
  'vanity',
];
const FINISHES = ['painted', 'refinished', 'distressed', 'lacquered', 'waxed', 'limed', 'stained', 'original'];
const COLOURS = ['navy', 'white', 'grey', 'green', 'mustard', 'black', 'cream', 'teal', 'blush', 'natural'];
const AREAS = ['London E8', 'Leeds LS6', 'Bristol BS3', 'Manchester M20', 'Lyon 69003', 'Paris 75011', 'Berlin 10437', 'Madrid 28004'];

/** A small deterministic generator, so every run measures the same listings. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function benchListing(i: number): ItemDoc {
  const r = random(i + 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const wood = pick(WOODS);
  const piece = pick(PIECES);
  const finish = pick(FINISHES);
  const colour = pick(COLOURS);
  const title = `${finish} ${colour} ${wood} ${piece}`;
  const description = `A ${finish} ${piece} in ${wood} with a ${colour} finish. Listing ${i}; local pickup, smoke-free home.`;
  const tags = [piece, wood, finish];
  const at = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString();
  const facts = {
    style: pick(DESIGN_STYLE_IDS),
    furnitureType: pick(FURNITURE_TYPE_IDS),
    condition: pick(ITEM_CONDITIONS),
    pickupArea: pick(AREAS),
  };
  return {
    id: `bench-${String(i).padStart(6, '0')}`,
    title,
    description,
    price: Math.round(20 + r() * 1980),
    tags,
    images: [],
    thumbs: [],
    ...NO_LISTING_FACTS,
    ...facts,
    reserved: i % 17 === 0,
    variants: [],
    hidden: i % 200 === 0,
    sellerName: 'Bench Seller',
    sellerSince: null,
    owner: `owner-${i % 500}`,
    state: i % 9 === 0 ? 'sold' : 'active',
    aiStaged: false,
    keywords: itemTerms({ title, description, tags, ...facts }),
    created_at: at,
    updated_at: at,
  };
}

const q = (filters: Partial<ItemFilters>): Partial<ItemFilters> => filters;

/**
 * What buyers ask: browsing, one word, a word being typed, several words, each facet, a price
 * range in each order, and mixes of them. Each runs from its first page and, where there are
 * more, also from a page deep in the results (the cursor of page `deep`).
 */
export const QUERY_MIX: { name: string; filters: Partial<ItemFilters>; deep?: number }[] = [
  { name: 'browse, newest', filters: q({}), deep: 8 },
  { name: 'one word', filters: q({ search: 'walnut' }), deep: 5 },
  { name: 'plural word', filters: q({ search: 'dressers' }) },
  { name: 'prefix being typed', filters: q({ search: 'sideb' }) },
  { name: 'two-letter prefix', filters: q({ search: 'wa' }) },
  { name: 'three words', filters: q({ search: 'painted navy dresser' }) },
  { name: 'words + prefix', filters: q({ search: 'oak bookc' }) },
  { name: 'tag', filters: q({ tag: 'sideboard' }) },
  { name: 'style', filters: q({ style: 'scandinavian' }), deep: 4 },
  { name: 'type + condition', filters: q({ type: 'chair', condition: 'good' }) },
  { name: 'style + type + condition', filters: q({ style: 'modern', type: 'desk', condition: 'like-new' }) },
  { name: 'pickup area', filters: q({ area: 'leeds' }) },
  { name: 'price range, newest', filters: q({ min: '100', max: '400' }) },
  { name: 'price low→high', filters: q({ sort: 'price-asc' }), deep: 5 },
  { name: 'price high→low + word', filters: q({ search: 'oak', sort: 'price-desc' }) },
  { name: 'word + style + price', filters: q({ search: 'teak', style: 'coastal', min: '200', sort: 'price-asc' }) },
  { name: 'word + area + condition', filters: q({ search: 'chair', area: 'london', condition: 'fair' }) },
  { name: 'no match', filters: q({ search: 'nothingmatchesthis' }) },
];

export const BENCH_PAGE_SIZE = 24;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** One Firestore query over listings in memory, by Firestore's rules for filters, orders and cursors. */
export function simulatedRead(items: readonly ItemDoc[], read: FirestoreRead): ItemDoc[] {
  const value = (item: ItemDoc, field: string): unknown => (field === '__name__' ? item.id : (item as unknown as Record<string, unknown>)[field]);
  const kept = items.filter((item) =>
    read.filters.every((f) => {
      const v = value(item, f.field);
      if (f.op === '==') return v === f.value;
      if (f.op === '>=') return (v as number) >= (f.value as number);
      if (f.op === '<=') return (v as number) <= (f.value as number);
      if (f.op === 'array-contains') return (v as string[]).includes(f.value as string);
      return (f.value as string[]).some((t) => (v as string[]).includes(t));
    }),
  );
  const compare = (a: unknown[], b: unknown[]) => {
    for (let i = 0; i < read.orderBy.length; i++) {
      const x = a[i] as string | number;
      const y = b[i] as string | number;
      if (x !== y) return (x < y ? -1 : 1) * (read.orderBy[i]!.direction === 'desc' ? -1 : 1);
    }
    return 0;
  };
  const key = (item: ItemDoc) => read.orderBy.map((o) => value(item, o.field));
  const sorted = kept.sort((a, b) => compare(key(a), key(b)));
  const after = read.startAfter;
  const start = after ? sorted.findIndex((item) => compare(key(item), after) > 0) : 0;
  return start < 0 ? [] : sorted.slice(start, start + read.limit);
}

const INSERT_BATCH = 1000;

/**
 * `count` listings into a migrated PGlite database, a thousand rows a statement; the GIN indexes
 * are built once after the rows are in, as a restore would, not row by row.
 */
export async function insertBenchListings(db: PGlite, count: number, listing: (i: number) => ItemDoc): Promise<void> {
  await db.exec('DROP INDEX items_keywords; DROP INDEX items_tags;');
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + INSERT_BATCH); i++) {
      const item = listing(i);
      rows.push({
        id: item.id,
        title: item.title,
        description: item.description,
        price: item.price,
        tags: item.tags,
        images: item.images,
        thumbs: item.thumbs,
        owner: item.owner,
        state: item.state,
        ai_staged: item.aiStaged,
        keywords: item.keywords,
        created_at: item.created_at,
        updated_at: item.updated_at,
        condition: item.condition,
        dimensions: item.dimensions,
        pickup_area: item.pickupArea,
        delivery: item.delivery,
        style: item.style,
        furniture_type: item.furnitureType,
        reserved: item.reserved,
        variants: item.variants,
        hidden: item.hidden,
        seller_name: item.sellerName,
        seller_since: item.sellerSince,
        terms_version: SEARCH_TERMS_VERSION,
      });
    }
    await db.query(
      `INSERT INTO items (${Object.keys(rows[0]!).join(', ')})
       SELECT ${Object.keys(rows[0]!).join(', ')} FROM json_populate_recordset(NULL::items, $1::json)`,
      [JSON.stringify(rows)],
    );
  }
  await db.exec(`
    CREATE INDEX items_keywords ON items USING gin (keywords) WITH (fastupdate = off);
    CREATE INDEX items_tags ON items USING gin (tags) WITH (fastupdate = off);
    ANALYZE items;
  `);
}
