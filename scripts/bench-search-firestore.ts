/**
 * The inside of `npm run bench:search:firestore` (started by bench-search-firestore.mjs inside
 * `firebase emulators:exec`): 20 000 listings written with firebase-admin, then searched the way
 * the web app does in Firebase mode, with the JS SDK under firestore.rules, through
 * firestoreMarketplace.ts's query and runItemRead and core's searchFirestorePage. Targets: every
 * page of 24 full (or the last of its results), at most 3 queries a page, p95 ≤ 300 ms.
 *
 * Run without the emulator (`npx tsx scripts/bench-search-firestore.ts`), the same planner runs
 * against Firestore's query semantics over the same listings in memory: pages, queries and
 * documents read are exact, the time is only the planner's own. The emulator scans the whole
 * collection for every query (it has no indexes), so its time says nothing about Firestore's.
 */
import { performance } from 'node:perf_hooks';
import { initializeApp as initializeAdmin } from 'firebase-admin/app';
import { getFirestore as adminFirestore } from 'firebase-admin/firestore';
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { MAX_QUERIES_PER_PAGE, searchFirestorePage, type FirestoreRead, type SearchableItem } from '@flipstage/core';
import { encodeCursor, firestoreSearchQuery, runItemRead } from '../web/src/backend/firestoreMarketplace.js';
import { BENCH_PAGE_SIZE, benchListing, percentile, QUERY_MIX, simulatedRead } from './lib/searchBenchData.js';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 20_000);
const ROUNDS = 5;
const TARGET_P95_MS = 300;
const host = process.env.FIRESTORE_EMULATOR_HOST;
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-flipstage';

const listings = Array.from({ length: LISTINGS }, (_, i) => benchListing(i));
let run: (read: FirestoreRead) => Promise<SearchableItem[]>;
let reads = 0;
if (host) {
  const admin = adminFirestore(initializeAdmin({ projectId }, 'bench-admin'));
  console.log(`Writing ${LISTINGS} listings into the Firestore emulator …`);
  const seedStarted = performance.now();
  const writer = admin.bulkWriter();
  for (const item of listings) void writer.set(admin.collection('items').doc(item.id), item);
  await writer.close();
  console.log(`Written in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const db = getFirestore(initializeApp({ projectId, apiKey: 'demo-api-key' }));
  const [hostname, port] = host.split(':');
  connectFirestoreEmulator(db, hostname!, Number(port));
  run = (read) => runItemRead(db, read);
} else {
  console.log(`No emulator: Firestore's query semantics over ${LISTINGS} listings in memory.`);
  run = (read) => Promise.resolve(simulatedRead(listings, read));
}
const counted = async (read: FirestoreRead) => {
  const docs = await run(read);
  reads += docs.length;
  return docs;
};

async function page(filters: Record<string, string | undefined>, cursor: string | null) {
  const started = performance.now();
  const result = await searchFirestorePage(counted, firestoreSearchQuery({ ...filters, cursor }, null));
  return { ...result, ms: performance.now() - started, cursor: encodeCursor(result.next) };
}

const cases: { name: string; filters: Record<string, string | undefined>; cursor: string | null }[] = [];
for (const entry of QUERY_MIX) {
  cases.push({ name: entry.name, filters: entry.filters, cursor: null });
  if (entry.deep) {
    let cursor: string | null = null;
    for (let p = 0; p < entry.deep && (p === 0 || cursor); p++) cursor = (await page(entry.filters, cursor)).cursor;
    cases.push({ name: `${entry.name}, page ${entry.deep + 1}`, filters: entry.filters, cursor });
  }
}

for (const c of cases) await page(c.filters, c.cursor);
const all: number[] = [];
let short = 0;
let overBudget = 0;
const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(7);
for (const c of cases) {
  const times: number[] = [];
  let last = { data: [] as unknown[], queries: 0, next: null as unknown };
  let pageReads = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const before = reads;
    const result = await page(c.filters, c.cursor);
    pageReads = reads - before;
    times.push(result.ms);
    last = result;
  }
  all.push(...times);
  // Full: 24 items, or fewer only because the results end there.
  const full = last.data.length === BENCH_PAGE_SIZE || last.next === null;
  if (!full) short += 1;
  if (last.queries > MAX_QUERIES_PER_PAGE) overBudget += 1;
  console.log(
    `${c.name.padEnd(36)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  ${String(last.data.length).padStart(2)} items${last.next === null ? ' (end)' : ''}  ${last.queries} queries, ${pageReads} reads${full ? '' : '  SHORT'}`,
  );
}
const p95 = percentile(all, 95);
const ok = p95 <= TARGET_P95_MS && short === 0 && overBudget === 0;
console.log(
  `\nAll ${all.length} pages over ${LISTINGS} listings: p50 ${ms(percentile(all, 50))}  p95 ${ms(p95)}  max ${ms(Math.max(...all))};` +
    ` ${short} short pages, ${overBudget} over ${MAX_QUERIES_PER_PAGE} queries  (targets: p95 ≤ ${TARGET_P95_MS} ms, every page full: ${ok ? 'met' : 'MISSED'})`,
);
process.exit(ok ? 0 : 1);
