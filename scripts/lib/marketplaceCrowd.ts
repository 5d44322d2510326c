/**
 * The marketplace under a crowd, shared by `npm run bench:marketplace` and `npm run bench:stall`:
 * the built local host in a process of its own over listings in PGlite, and readers that browse
 * it as shoppers do, on keep-alive connections through node:http (fetch() marks a request with
 * its own If-None-Match as `Cache-Control: no-cache`, which a browser revalidating from its cache
 * does not, and which makes a server send the whole body).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { postEmulatorJson } from './authEmulator.mjs';
import { freePort } from './freePort.mjs';
import { benchListing, insertBenchListings, QUERY_MIX } from './searchBenchData.js';
import { openLocalDatabase } from '../../functions/src/adapters/local/database.js';
import { REPO_ROOT } from '../../functions/src/localHost/server.js';
import type { ItemDoc } from '../../functions/src/ports/store.js';

/** A listing as sellers post them: two photos, each with its srcset widths. */
export function listingWithPhotos(i: number): ItemDoc {
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

/** A data folder holding `count` listings with photos, as the benchmarks read them. */
export async function seedListings(dataDir: string, count: number): Promise<void> {
  const db = await openLocalDatabase(join(dataDir, 'db'));
  await insertBenchListings(db, count, listingWithPhotos);
  await db.close();
}

export interface HostProcessOptions {
  /** Set over this process's environment, such as FLIPSTAGE_ENGINE_WORKERS. */
  env?: Record<string, string>;
  /** Node's own flags for the host, such as a module to preload. */
  execArgv?: string[];
  /** An IPC channel to the host, for what a preloaded module reports. */
  ipc?: boolean;
}

/** The built local host in a process of its own; resolves once it answers. */
export async function startHost(
  dataDir: string,
  authHost: string,
  options: HostProcessOptions = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.execArgv ?? []), join(REPO_ROOT, 'functions/dist/localHost/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      FLIPSTAGE_DATA_DIR: dataDir,
      FLIPSTAGE_SEED: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(options.ipc ? (['ipc'] as const) : [])],
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
export async function editingSeller(emulatorUrl: string, hostUrl: string): Promise<() => Promise<void>> {
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

export const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * One GET as a browser revalidating its cache sends it. The body is decoded only when the reader
 * will look into it: on 2 cores the readers share the machine with the host, so decoding pages
 * nobody reads would be measured as the host's slowness.
 */
export function read(url: string, etag: string | undefined, wantBody: boolean): Promise<{ status: number; etag: string | undefined; body: string }> {
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

export interface Tally {
  times: number[];
  notModified: number;
  errors: number;
  firstError: string | null;
}

/** One shopper's browser: its HTTP cache (ETags by address), the cursors and listings it has seen. */
export async function reader(hostUrl: string, until: number, recordFrom: number, tally: Tally, seed: number): Promise<void> {
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
export function cpuMs(hostPid: number | undefined): { host: number; readers: number } | null {
  const stat = `/proc/${hostPid}/stat`;
  if (hostPid === undefined || !existsSync(stat)) return null;
  // utime and stime, the 14th and 15th fields, counted after the command's closing parenthesis.
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  const own = process.cpuUsage();
  return { host: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100, readers: (own.user + own.system) / 1000 };
}

