/**
 * `npm run bench:marketplace` (issue 26): marketplace reads under a crowd, through the real local
 * host in a process of its own (functions/dist/localHost/main.js) over 10 000 listings in PGlite.
 * READERS browsers read at once for DURATION_S, each as a shopper would: the first page mostly,
 * searches and filters (scripts/lib/searchBenchData.ts), next pages by cursor, a listing's own
 * page; a browser that has a page revalidates it with If-None-Match, and one visit in four is a
 * new browser with an empty cache. Meanwhile a seller edits a listing every second, so the kept
 * answers are thrown away as they would be. The readers run in this process, on keep-alive
 * connections through node:http: fetch() marks a request with its own If-None-Match as
 * `Cache-Control: no-cache`, which a browser revalidating from its cache does not, and which makes
 * a server send the whole body. Goal at 200 readers: 0 errors, p95 ≤ 100 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureAuthEmulator, postEmulatorJson } from './lib/authEmulator.mjs';
import { freePort } from './lib/freePort.mjs';
import { benchListing, insertBenchListings, percentile, QUERY_MIX } from './lib/searchBenchData.js';
import { openLocalDatabase } from '../functions/src/adapters/local/database.js';
import { REPO_ROOT } from '../functions/src/localHost/server.js';
import type { ItemDoc } from '../functions/src/ports/store.js';

const LISTINGS = 10_000;
const LEVELS = [100, 200];
const DURATION_S = 15;
const WARMUP_S = 2;
const GOAL_P95_MS = 100;

/** A listing as sellers post them: two photos, each with its srcset widths. */
function listingWithPhotos(i: number): ItemDoc {
  const item = benchListing(i);
  const photo = (n: number) => `/blobs/items/${item.id}/${n}.jpg`;
  const images = [photo(0), photo(1)];
  return {
    ...item,
    images,
    thumbs: images.map((url) => url.replace('.jpg', '-thumb.jpg')),
    variants: images.map((url) => ({
      width: 1600,
      height: 1200,
      sources: [320, 640, 1024].map((width) => ({ width, url: url.replace('.jpg', `-${width}.jpg`) })),
    })),
  };
}

async function seed(dataDir: string): Promise<void> {
  const db = await openLocalDatabase(join(dataDir, 'db'));
  await insertBenchListings(db, LISTINGS, listingWithPhotos);
  await db.close();
}

async function startHost(dataDir: string, authHost: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'functions/dist/localHost/main.js')], {
    env: { ...process.env, PORT: String(port), FLIPSTAGE_DATA_DIR: dataDir, FLIPSTAGE_SEED: 'false', FIREBASE_AUTH_EMULATOR_HOST: authHost },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the local host exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/billing-terms`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the local host did not answer');
}

/** A seller with one listing of their own, edited every second while the readers read. */
async function editingSeller(emulatorUrl: string, hostUrl: string): Promise<() => Promise<void>> {
  const signUp = await postEmulatorJson(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    email: `bench-seller-${Date.now()}@example.com`,
    password: 'bench-password',
    returnSecureToken: true,
  });
  const auth = { authorization: `Bearer ${(signUp.json as { idToken: string }).idToken}` };
  await fetch(`${hostUrl}/api/account`, { method: 'POST', headers: auth });
  const fields = (price: number) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: 'Bench seller oak dresser', description: 'Solid oak.', price: String(price), tags: 'oak', state: 'active' }))
      form.set(name, value);
    return form;
  };
  const created = await fetch(`${hostUrl}/api/marketplace-create-item`, { method: 'POST', headers: auth, body: fields(100) });
  if (created.status !== 201) throw new Error(`creating the seller's listing answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  let price = 100;
  return async () => {
    price += 1;
    const edited = await fetch(`${hostUrl}/api/marketplace-update-item?id=${id}`, { method: 'PUT', headers: auth, body: fields(price) });
    await edited.arrayBuffer();
    if (!edited.ok) throw new Error(`the seller's edit answered ${edited.status}`);
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * One GET as a browser revalidating its cache sends it. The body is decoded only when the reader
 * will look into it: on 2 cores the readers share the machine with the host, so decoding pages
 * nobody reads would be measured as the host's slowness.
 */
function read(url: string, etag: string | undefined, wantBody: boolean): Promise<{ status: number; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers: etag ? { 'if-none-match': etag } : {} }, (response) => {
      const chunks: Buffer[] = [];
      if (wantBody) response.on('data', (chunk: Buffer) => chunks.push(chunk));
      else response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, etag: response.headers.etag, body: wantBody ? Buffer.concat(chunks).toString('utf8') : '' }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

interface Tally {
  times: number[];
  notModified: number;
  errors: number;
  firstError: string | null;
}

/** One shopper's browser: its HTTP cache (ETags by address), the cursors and listings it has seen. */
async function reader(hostUrl: string, until: number, recordFrom: number, tally: Tally, seed: number): Promise<void> {
  let s = seed;
  const random = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const cache = new Map<string, string>();
  const cursors: string[] = [];
  const listings: string[] = [];
  while (performance.now() < until) {
    if (random() < 0.25) cache.clear();
    const roll = random();
    let path = '/api/marketplace-get-items';
    if (roll >= 0.5 && roll < 0.7) {
      const { filters } = QUERY_MIX[Math.floor(random() * QUERY_MIX.length)]!;
      path += `?${new URLSearchParams(filters as Record<string, string>)}`;
    } else if (roll >= 0.7 && roll < 0.85 && cursors.length > 0) {
      path += `?cursor=${encodeURIComponent(cursors[Math.floor(random() * cursors.length)]!)}`;
    } else if (roll >= 0.85 && listings.length > 0) {
      path = `/api/marketplace-get-item?id=${listings[Math.floor(random() * listings.length)]!}`;
    }
    const etag = cache.get(path);
    // A page's cursors and listings are collected until the reader has enough to pick from.
    const collecting = path.startsWith('/api/marketplace-get-items') && (cursors.length < 20 || listings.length < 50);
    const started = performance.now();
    try {
      const response = await read(`${hostUrl}${path}`, etag, collecting);
      const took = performance.now() - started;
      if (response.status !== 200 && response.status !== 304) throw new Error(`${path} answered ${response.status}`);
      if (started >= recordFrom) {
        tally.times.push(took);
        if (response.status === 304) tally.notModified += 1;
      }
      if (response.etag) cache.set(path, response.etag);
      if (response.status === 200 && collecting) {
        const page = JSON.parse(response.body) as { data: { id: string }[]; nextCursor: string | null };
        if (page.nextCursor && cursors.length < 20) cursors.push(page.nextCursor);
        for (const item of page.data.slice(0, 3)) if (listings.length < 50) listings.push(item.id);
      }
    } catch (error) {
      tally.errors += 1;
      tally.firstError ??= String(error);
    }
  }
}

/**
 * CPU time, in ms, the host's process and this one (the readers) have used: on a 2-core machine
 * they share the cores, so this says which of them a level is waiting on. Linux's /proc; else null.
 */
function cpuMs(hostPid: number | undefined): { host: number; readers: number } | null {
  const stat = `/proc/${hostPid}/stat`;
  if (hostPid === undefined || !existsSync(stat)) return null;
  // utime and stime, the 14th and 15th fields, counted after the command's closing parenthesis.
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  const own = process.cpuUsage();
  return { host: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100, readers: (own.user + own.system) / 1000 };
}

async function measure(hostUrl: string, hostPid: number | undefined, readers: number, edit: () => Promise<void>): Promise<boolean> {
  const began = performance.now();
  const recordFrom = began + WARMUP_S * 1000;
  const until = recordFrom + DURATION_S * 1000;
  const tally: Tally = { times: [], notModified: 0, errors: 0, firstError: null };
  let edits = 0;
  const cpu: { from: ReturnType<typeof cpuMs> } = { from: null };
  const sampling = setTimeout(() => (cpu.from = cpuMs(hostPid)), WARMUP_S * 1000);
  const editing = (async () => {
    while (performance.now() < until) {
      await new Promise((r) => setTimeout(r, 1000));
      await edit();
      edits += 1;
    }
  })();
  await Promise.all([...Array.from({ length: readers }, (_, i) => reader(hostUrl, until, recordFrom, tally, i + 1)), editing]);
  clearTimeout(sampling);
  const cpuTo = cpuMs(hostPid);
  const n = tally.times.length;
  const p95 = percentile(tally.times, 95);
  const ok = tally.errors === 0 && p95 <= GOAL_P95_MS;
  console.log(
    `${String(readers).padStart(3)} readers for ${DURATION_S} s: ${n} reads (${(n / DURATION_S).toFixed(0)}/s), ${(
      (100 * tally.notModified) /
      Math.max(1, n)
    ).toFixed(0)} % answered 304, ${edits} edits by the seller`,
  );
  const cpuFrom = cpu.from;
  if (cpuFrom && cpuTo) {
    const wallMs = performance.now() - recordFrom;
    const share = (ms: number) => `${((100 * ms) / wallMs).toFixed(0)} % of a core, ${(ms / Math.max(1, n)).toFixed(3)} ms a read`;
    console.log(`    CPU: the host ${share(cpuTo.host - cpuFrom.host)}; the readers ${share(cpuTo.readers - cpuFrom.readers)}`);
  }
  console.log(`    errors ${tally.errors} (goal 0)${tally.firstError ? `, first: ${tally.firstError}` : ''}`);
  console.log(
    `    p50 ${percentile(tally.times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal ≤ ${GOAL_P95_MS} ms), p99 ${percentile(tally.times, 99).toFixed(1)} ms, max ${percentile(tally.times, 100).toFixed(0)} ms: ${ok ? 'met' : 'NOT met'}`,
  );
  return ok;
}

const dataDir = mkdtempSync(join(tmpdir(), 'flipstage-bench-marketplace-'));
const emulator = await ensureAuthEmulator({ log: (line) => console.log(line) });
let host: ChildProcess | undefined;
try {
  console.log(`Inserting ${LISTINGS} listings with photos into PGlite …`);
  await seed(dataDir);
  const started = await startHost(dataDir, emulator.host);
  host = started.child;
  let met = true;
  // A seller of their own for each level: one seller's edits would run out of fair use's listing writes.
  for (const readers of LEVELS) met = (await measure(started.url, host.pid, readers, await editingSeller(emulator.url, started.url))) && met;
  if (!met) process.exitCode = 1;
} finally {
  agent.destroy();
  host?.kill();
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
