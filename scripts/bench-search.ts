/**
 * `npm run bench:search`: listing search on PGlite (local mode) over 100 000 listings, through
 * the service the API calls (query checked by itemsQuerySchema, core's terms, the store's SQL).
 * The query mix is scripts/lib/searchBenchData.ts: words, plurals, prefixes, each facet, price
 * ranges, each order, first and deep pages, signed out and signed in. Target p95 ≤ 20 ms.
 */
import { performance } from 'node:perf_hooks';
import { itemsQuerySchema } from '@flipstage/core';
import { openLocalDatabase } from '../functions/src/adapters/local/database.js';
import { createPgliteStore } from '../functions/src/adapters/local/pgliteStore.js';
import { searchItems } from '../functions/src/services/listingSearch.js';
import { benchListing, insertBenchListings, percentile, QUERY_MIX } from './lib/searchBenchData.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const ROUNDS = 12;
const TARGET_P95_MS = 20;

const db = await openLocalDatabase(null);
const store = createPgliteStore(db);
console.log(`Inserting ${LISTINGS} listings into PGlite …`);
const seedStarted = performance.now();
await insertBenchListings(db, LISTINGS, benchListing);
console.log(`Inserted in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const deps = { store };
async function page(filters: Record<string, string | undefined>, viewer: string | null, cursor?: string) {
  const query = itemsQuerySchema.parse({ ...filters, cursor });
  return searchItems(deps, { ...query, viewer });
}

/** Each case of the mix, signed out and signed in, from its first page and from its deep page. */
const cases: { name: string; run: () => Promise<{ data: unknown[] }> }[] = [];
for (const entry of QUERY_MIX) {
  for (const viewer of [null, 'owner-7']) {
    const who = viewer ? 'signed in' : 'signed out';
    cases.push({ name: `${entry.name} (${who})`, run: () => page(entry.filters, viewer) });
    if (entry.deep) {
      let cursor: string | undefined;
      for (let p = 0; p < entry.deep; p++) cursor = (await page(entry.filters, viewer, cursor)).nextCursor ?? undefined;
      const deepCursor = cursor;
      cases.push({ name: `${entry.name}, page ${entry.deep + 1} (${who})`, run: () => page(entry.filters, viewer, deepCursor) });
    }
  }
}

for (const c of cases) await c.run();
const all: number[] = [];
const perCase = new Map<string, number[]>();
const sizes = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    const started = performance.now();
    const result = await c.run();
    const elapsed = performance.now() - started;
    all.push(elapsed);
    perCase.set(c.name, [...(perCase.get(c.name) ?? []), elapsed]);
    sizes.set(c.name, result.data.length);
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
for (const [name, values] of perCase) {
  console.log(`${name.padEnd(52)} p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  ${sizes.get(name)} items`);
}
const p95 = percentile(all, 95);
console.log(
  `\nAll ${all.length} searches over ${LISTINGS} listings: p50 ${ms(percentile(all, 50))}  p95 ${ms(p95)}  max ${ms(Math.max(...all))}` +
    `  (target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'})`,
);
await store.close();
process.exit(p95 <= TARGET_P95_MS ? 0 : 1);
