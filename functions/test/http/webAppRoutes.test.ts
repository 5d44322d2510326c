/**
 * The web app's production build as the local host serves it (`npm start`, the journeys): a tiny
 * build in a temporary folder whose path has a dot folder in it, as .local/web-build/<key> does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import express, { type Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, webAppRoutes } from '../../src/http/webAppRoutes.js';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

let root: string;
let app: Express;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'web-app-routes-'));
  const dir = join(root, '.local', 'build');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
  app = express();
  app.get('/api/ping', (_req, res) => res.json({ ok: true }));
  app.use(webAppRoutes(dir));
  app.use((_req, res) => res.status(404).send('not here'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('webAppRoutes', () => {
  it('keeps hashed assets a year', async () => {
    const res = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the gzip twin, typed as the original, to a browser that accepts gzip', async () => {
    const res = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(gzipSync(SCRIPT).byteLength);
    // The client unzips it: what arrives is the script.
    expect(res.text).toBe(SCRIPT);
  });

  it('answers an app route with index.html, revalidated on every visit', async () => {
    const res = await request(app).get('/studio').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  });

  it('revalidates files outside /assets, which keep their names across builds', async () => {
    const res = await request(app).get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('leaves a missing asset to the 404', async () => {
    const res = await request(app).get('/assets/gone-123.js').set('Accept', 'text/html');
    expect(res.status).toBe(404);
  });

  it('never serves the build manifest or a path out of the build', async () => {
    const manifest = await request(app).get('/.vite/manifest.json').set('Accept', 'application/json');
    const escape = await request(app).get('/..%2F..%2Fbuild%2Findex.html').set('Accept', 'application/json');
    expect(manifest.status).toBe(404);
    expect(escape.status).toBe(404);
  });

  it('lets the routes before it answer their own paths', async () => {
    const res = await request(app).get('/api/ping');
    expect(res.body).toEqual({ ok: true });
  });
});

describe('webAppRoutes without a build', () => {
  it('refuses a folder with no index.html', () => {
    expect(() => webAppRoutes(join(root, 'nothing'))).toThrow(/No web build/);
  });
});
