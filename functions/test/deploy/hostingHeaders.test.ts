/**
 * Caching of the web app as firebase.json tells Hosting: the SPA's HTML (index.html itself and
 * every route the fallback rewrite serves it for) is revalidated on each visit, so a deploy shows
 * at once; Vite's content-hashed files under /assets are cached for a year. Header rules match
 * the request path, not the rewrite's destination, and where several match the last one wins, so
 * this serves a stand-in build from the Hosting emulator (pure Node) and reads the headers back.
 * The security headers (scripts/lib/hostingHeaders.mjs) go on every path but Firebase's own /__/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { freePort } from '../../../scripts/lib/freePort.mjs';
import { SECURITY_HEADERS_REGEX } from '../../../scripts/lib/hostingHeaders.mjs';
import { startFirebaseEmulators, type RunningEmulators } from '../helpers/firebaseEmulators.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const siteDir = join(root, '.local', `hosting-headers-test-${randomUUID().slice(0, 8)}`);
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LISTING_PAGE = 'public, max-age=60, s-maxage=60';
let emulator: RunningEmulators | undefined;
let baseUrl = '';

interface HostingConfig {
  headers: Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }>;
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

describe('Hosting security headers from firebase.json', () => {
  const rule = hosting.headers.find((candidate) => candidate.regex === SECURITY_HEADERS_REGEX);
  const expected = Object.fromEntries((rule?.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]));

  it('has a rule that refuses framing and sniffing and asks for https', () => {
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
  });

  it.each(['/', '/dashboard', '/marketplace/item-1', '/assets/index-3f9a1c2b.js', '/favicon.svg', '/_x'])(
    'sends them at %s',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
    },
  );

  it('leaves Firebase’s reserved /__/ paths (the sign-in handler and iframe) to Firebase’s own headers', async () => {
    const response = await fetch(`${baseUrl}/__/auth/iframe`);
    await response.arrayBuffer();
    // A rule for every path ("**") reaches it; the security rule does not.
    expect(response.headers.get('cache-control')).toBe(NO_CACHE);
    for (const name of Object.keys(expected)) expect(response.headers.get(name), name).toBeNull();
  });
});
