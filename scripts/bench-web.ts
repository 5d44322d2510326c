/**
 * `npm run bench:web` (issue 6): the production build's home-route payload and how long the
 * staging studio takes to become usable in headless Chromium against `vite preview`.
 *
 * Initial JS/CSS of the home route = the entry chunk, the home route's lazy chunk and every chunk
 * they import statically (dynamic imports are excluded: they load on demand). Sizes are gzip.
 * Budget: home initial JS ≤ 250 KB gzip. "Usable" = the upload input is attached and the
 * Generate button is enabled (the auth state is known).
 *
 * Then the preparing of a 48 MP, 30 MB camera JPEG before upload (scripts/lib/benchShrink.ts).
 * Goal: median ≤ 4 s on this project's 2-core machine, where the engine takes about 1 s to stage
 * it: preparing must not be the longer wait.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './lib/freePort.mjs';
import { measureShrink, type ShrinkTimes } from './lib/benchShrink.js';

const BUDGET_JS_GZIP_KB = 250;
const LOAD_RUNS = 7;
const SHRINK_RUNS = 5;
const SHRINK_GOAL_MS = 4000;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const webDir = fileURLToPath(new URL('../web/', import.meta.url));
const viteBin = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, ...args], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite ${args[0]} exited with ${code}`))));
  });
}

/** Every chunk reachable from `keys` through static imports. */
function staticClosure(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!);
}

async function gzipKb(outDir: string, files: string[]): Promise<number> {
  let bytes = 0;
  for (const file of new Set(files)) bytes += gzipSync(await readFile(join(outDir, file)), { level: 9 }).byteLength;
  return bytes / 1024;
}

async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error('vite preview exited early');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const outDir = await mkdtemp(join(tmpdir(), 'flipstage-bench-web-'));
let preview: ChildProcess | null = null;
try {
  await run(['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn']);
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/home/route.lazy.tsx'));
  if (!entryKey || !homeKey) throw new Error('entry or home route chunk not found in the build manifest');
  const chunks = staticClosure(manifest, [entryKey, homeKey]);
  const jsKb = await gzipKb(
    outDir,
    chunks.map((c) => c.file),
  );
  const cssKb = await gzipKb(
    outDir,
    chunks.flatMap((c) => c.css ?? []),
  );

  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  preview = spawn(process.execPath, [viteBin, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'], {
    cwd: webDir,
    stdio: 'ignore',
  });
  await waitForHttp(url, preview);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const loads: number[] = [];
  let shrink: ShrinkTimes;
  try {
    for (let i = 0; i < LOAD_RUNS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByLabel('Upload furniture photos').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: /^(Generate Selected|Get Free Credits)$/, disabled: false }).waitFor();
      loads.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    shrink = await measureShrink(browser, url, SHRINK_RUNS);
  } finally {
    await browser.close();
  }

  const withinBudget = jsKb <= BUDGET_JS_GZIP_KB;
  console.log(
    `home route initial JS:  ${jsKb.toFixed(1)} KB gzip in ${chunks.length} chunks (budget ${BUDGET_JS_GZIP_KB} KB) ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`home route initial CSS: ${cssKb.toFixed(1)} KB gzip`);
  console.log(
    `studio usable after:    median ${median(loads).toFixed(0)} ms, min ${Math.min(...loads).toFixed(0)} ms, max ${Math.max(...loads).toFixed(0)} ms over ${LOAD_RUNS} loads (vite preview, headless Chromium, no backend)`,
  );
  const shrinkMedian = median(shrink.runs);
  console.log(
    `48 MP photo prepared:   median ${shrinkMedian.toFixed(0)} ms, min ${Math.min(...shrink.runs).toFixed(0)} ms, max ${Math.max(...shrink.runs).toFixed(0)} ms over ${SHRINK_RUNS} runs (goal ${SHRINK_GOAL_MS} ms) ${shrinkMedian <= SHRINK_GOAL_MS ? 'OK' : 'OVER GOAL'}; ${(shrink.photoBytes / 2 ** 20).toFixed(1)} MB JPEG to ${shrink.shrunk.width} x ${shrink.shrunk.height}`,
  );
  if (!withinBudget) process.exitCode = 1;
} finally {
  preview?.kill();
  await rm(outDir, { recursive: true, force: true });
}
