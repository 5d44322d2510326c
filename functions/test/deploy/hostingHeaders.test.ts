/**
 * Caching of the web app as firebase.json tells Hosting: the SPA's HTML (index.html itself and
 * every route the fallback rewrite serves it for) is revalidated on each visit, so a deploy shows
 * at once; Vite's content-hashed files under /assets are cached for a year. Header rules match
 * the request path, not the rewrite's destination, and where several match the last one wins, so
 * this serves a stand-in build from the Hosting emulator (pure Node) and reads the headers back.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { freePort } from '../../../scripts/lib/freePort.mjs';
import { startFirebaseEmulators, type RunningEmulators } from '../helpers/firebaseEmulators.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const siteDir = join(root, '.local', `hosting-headers-test-${randomUUID().slice(0, 8)}`);
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LISTING_PAGE = 'public, max-age=60, s-maxage=300';
let emulator: RunningEmulators | undefined;
let baseUrl = '';

interface HostingConfig {
  headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
  rewrites: Array<{ source: string; destination?: string }>;
}

const hosting = (JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { hosting: HostingConfig }).hosting;

async function startHostingEmulator(): Promise<void> {
  const port = await freePort();
  mkdirSync(join(siteDir, 'public', 'assets'), { recursive: true });
  writeFileSync(join(siteDir, 'public', 'index.html'), '<!doctype html><title>FlipStage</title>');
  writeFileSync(join(siteDir, 'public', 'assets', 'index-3f9a1c2b.js'), 'export {};');
  writeFileSync(join(siteDir, 'public', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The real headers and SPA fallback; the /api rewrite needs the function, which these requests never reach.
  const rewrites = hosting.rewrites.filter((rewrite) => rewrite.destination !== undefined);
  writeFileSync(
    join(siteDir, 'firebase.json'),
    JSON.stringify({
      hosting: { public: 'public', headers: hosting.headers, rewrites },
      emulators: { hosting: { host: '127.0.0.1', port }, ui: { enabled: false } },
    }),
  );
  baseUrl = `http://127.0.0.1:${port}`;
  emulator = await startFirebaseEmulators({
    cwd: siteDir,
    only: 'hosting',
    project: `${LOCAL_PROJECT_ID}-hosting`,
    readyText: 'All emulators ready',
    timeoutMs: 60_000,
  });
}

async function cacheControl(
  path: string,
): Promise<{ status: number; cacheControl: string | null; type: string | null }> {
  const response = await fetch(`${baseUrl}${path}`);
  await response.arrayBuffer();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    type: response.headers.get('content-type'),
  };
}

beforeAll(startHostingEmulator, 90_000);

afterAll(async () => {
  await emulator?.stop();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('Hosting cache headers from firebase.json', () => {
  it.each(['/', '/index.html', '/dashboard', '/marketplace', '/settings/general'])(
    'revalidates the SPA’s HTML at %s',
    async (path) => {
      const response = await cacheControl(path);
      expect(response).toMatchObject({ status: 200, cacheControl: NO_CACHE });
      expect(response.type).toMatch(/^text\/html/);
    },
  );

  it('lets browsers keep a listing’s page a minute and the CDN five (the api function renders it)', async () => {
    expect(await cacheControl('/marketplace/item-1')).toMatchObject({ cacheControl: LISTING_PAGE });
  });

  it('caches hashed assets for a year, as immutable', async () => {
    expect(await cacheControl('/assets/index-3f9a1c2b.js')).toMatchObject({ status: 200, cacheControl: IMMUTABLE });
  });

  it('revalidates other static files, whose names carry no hash', async () => {
    expect(await cacheControl('/favicon.svg')).toMatchObject({ status: 200, cacheControl: NO_CACHE });
  });
});
