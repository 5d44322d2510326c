/** The Blobs contract against the local folder, served by the blob route as the local host and the emulator fallback serve it. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobsContract } from '../../contracts/blobsContract.js';
import { blobSigningKey, createFileBlobs } from '../../../src/adapters/local/fileBlobs.js';
import { serveBlobs } from '../../../src/http/blobRoutes.js';
import { BLOBS_ROUTE, type ServedBlobs } from '../../../src/ports/blobs.js';
import { createJsonLogger } from '../../../src/logs.js';

const rootDir = mkdtempSync(join(tmpdir(), 'flipstage-blobs-'));
let server: Server;
let baseUrl: string;
/** Moved forward by the expiry test; every blobs instance here reads it. */
let clockOffsetMs = 0;
const now = () => Date.now() + clockOffsetMs;

/** Public paths the route is told to withhold here (a hidden listing's photos). */
const WITHHELD_FOLDER = 'items/withheld/';

const makeBlobs = (): ServedBlobs => createFileBlobs({ rootDir, baseUrl, signingKey: blobSigningKey(rootDir), now });

beforeAll(async () => {
  const app = express();
  const withheld = async (path: string) => path.startsWith(WITHHELD_FOLDER);
  app.use(
    BLOBS_ROUTE,
    (req, res, next) =>
      void serveBlobs(
        makeBlobs(),
        createJsonLogger(() => undefined),
        withheld,
      )(req, res, next),
  );
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(rootDir, { recursive: true, force: true });
});

describeBlobsContract('local folder', async () => makeBlobs(), {
  fetchUrl: (url) => fetch(url),
  checksSignatures: true,
});

describe('local folder signed URLs', () => {
  it('stop working once they expire', async () => {
    const blobs = makeBlobs();
    await blobs.put('image-edits/u1/e1/staged.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    const url = await blobs.signedUrl('image-edits/u1/e1/staged.jpg', 60_000);
    expect((await fetch(url)).status).toBe(200);
    clockOffsetMs = 61_000;
    try {
      const response = await fetch(url);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('are cached privately and no longer than they live, while public paths are immutable', async () => {
    const blobs = makeBlobs();
    await blobs.put('image-edits/u1/e2/staged.jpg', new Uint8Array([1]), 'image/jpeg');
    await blobs.put('items/i1/photo.jpg', new Uint8Array([1]), 'image/jpeg');
    const signed = await fetch(await blobs.signedUrl('image-edits/u1/e2/staged.jpg', 60_000));
    const open = await fetch(blobs.publicUrl('items/i1/photo.jpg'));
    expect(signed.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('are the only way to a withheld public path, which is otherwise missing and cached privately', async () => {
    const blobs = makeBlobs();
    const path = `${WITHHELD_FOLDER}photo.jpg`;
    await blobs.put(path, new Uint8Array([7]), 'image/jpeg');
    expect((await fetch(blobs.publicUrl(path))).status).toBe(404);
    const signed = await fetch(await blobs.signedUrl(path, 60_000));
    expect([signed.status, signed.headers.get('cache-control')]).toEqual([200, 'private, max-age=3600']);
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(new Uint8Array([7]));
  });

  it('keep verifying with the folder’s key after a restart', async () => {
    const before = makeBlobs();
    await before.put('image-edits/u1/e3/staged.jpg', new Uint8Array([1]), 'image/jpeg');
    const url = await before.signedUrl('image-edits/u1/e3/staged.jpg', 60_000);
    const key = readFileSync(join(rootDir, 'signing-key'), 'utf8').trim();
    expect(blobSigningKey(rootDir)).toBe(key);
    expect((await fetch(url)).status).toBe(200);
  });

  it('differ under another folder’s key', async () => {
    const other = mkdtempSync(join(tmpdir(), 'flipstage-blobs-other-'));
    try {
      const foreign = createFileBlobs({ rootDir, baseUrl, signingKey: blobSigningKey(other) });
      await foreign.put('image-edits/u1/e4/staged.jpg', new Uint8Array([1]), 'image/jpeg');
      expect((await fetch(await foreign.signedUrl('image-edits/u1/e4/staged.jpg', 60_000))).status).toBe(403);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('cannot be made without a signing key', () => {
    expect(() => createFileBlobs({ rootDir, baseUrl, signingKey: '' })).toThrow('Local blob URLs need a signing key');
  });
});
