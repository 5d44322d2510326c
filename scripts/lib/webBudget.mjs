/**
 * The home route's initial payload in a production build: the entry chunk, the home route's lazy
 * chunk and every chunk they import statically (dynamic imports load on demand, so they are not
 * counted), gzip, read from the build's manifest (vite build --manifest).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const HOME_ROUTE = 'features/home/route.lazy.tsx';

/**
 * The home route's initial chunks in a manifest.
 * @param {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} manifest
 */
export function homeInitialChunks(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const homeKey = Object.keys(manifest).find((key) => key.endsWith(HOME_ROUTE));
  if (!entryKey || !homeKey) throw new Error('The entry or the home route chunk is not in the build manifest');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entryKey);
  visit(homeKey);
  return [...seen].map((key) => manifest[key]);
}

function gzipKb(dir, files) {
  let bytes = 0;
  for (const file of new Set(files)) bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).byteLength;
  return bytes / 1024;
}

/**
 * The home route's initial JS and CSS (gzip KB) in the build at `dir`, and whether the JS is
 * within `budgetKb`.
 * @param {string} dir
 * @param {number} budgetKb
 */
export function homeInitialPayload(dir, budgetKb) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
  const chunks = homeInitialChunks(manifest);
  const jsKb = gzipKb(
    dir,
    chunks.map((chunk) => chunk.file),
  );
  const cssKb = gzipKb(
    dir,
    chunks.flatMap((chunk) => chunk.css ?? []),
  );
  return { jsKb, cssKb, chunks: chunks.length, budgetKb, withinBudget: jsKb <= budgetKb };
}
