/**
 * `npm run bench:marketplace` (issue 26): marketplace reads under a crowd, through the real local
 * host in a process of its own (functions/dist/localHost/main.js) over 10 000 listings in PGlite.
 * READERS browsers read at once for DURATION_S, each as a shopper would: the first page mostly,
 * searches and filters (scripts/lib/searchBenchData.ts), next pages by cursor, a listing's own
 * page; a browser that has a page revalidates it with If-None-Match, and one visit in four is a
 * new browser with an empty cache. Meanwhile a seller edits a listing every second, so the kept
 * answers are thrown away as they would be. The host and the readers: scripts/lib/marketplaceCrowd.ts.
 * Goal at 200 readers: 0 errors, p95 ≤ 100 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureAuthEmulator } from './lib/authEmulator.mjs';
import { agent, cpuMs, editingSeller, reader, seedListings, startHost, type Tally } from './lib/marketplaceCrowd.js';
import { percentile } from './lib/searchBenchData.js';

const LISTINGS = 10_000;
const LEVELS = [100, 200];
const DURATION_S = 15;
const WARMUP_S = 2;
const GOAL_P95_MS = 100;

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
  await seedListings(dataDir, LISTINGS);
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
