/**
 * What the URLs handed out by the Cloud Storage adapter let a browser do, against the Storage
 * emulator with storage.rules loaded: marketplace images open for anyone, image-edit files only
 * with their token.
 */
import { randomUUID } from 'node:crypto';
import { getStorage } from 'firebase-admin/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Blobs } from '../../../src/ports/blobs.js';
import { createStorageBlobs, storageOrigin } from '../../../src/adapters/firebase/storageBlobs.js';
import { adminApp } from '../support/emulators.js';
import { jpegBytes } from '../support/factories.js';

const PROJECT_ID = 'demo-flipstage-blob-urls';
let blobs: Blobs;
const owner = `u${randomUUID().slice(0, 8)}`;

beforeAll(() => {
  const bucket = getStorage(adminApp(PROJECT_ID, ['storage'])).bucket(`${PROJECT_ID}.appspot.com`);
  blobs = createStorageBlobs({ bucket, tokenSecret: 'url-test-secret', origin: storageOrigin() });
});

function withoutToken(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('token');
  return parsed.toString();
}

describe('Cloud Storage blob URLs in the emulator', () => {
  it('serves a marketplace image to anyone, without a token', async () => {
    const url = await blobs.put(`items/${randomUUID()}/photo-0.jpg`, jpegBytes(), 'image/jpeg');
    expect(new URL(url).searchParams.has('token')).toBe(false);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(jpegBytes()))).toBe(true);
  });

  it('serves an image-edit file through its token URL', async () => {
    const url = await blobs.put(`image-edits/${owner}/${randomUUID()}/staged.jpg`, jpegBytes(), 'image/jpeg');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses an image-edit file without its token', async () => {
    const url = await blobs.put(`image-edits/${owner}/${randomUUID()}/staged.jpg`, jpegBytes(), 'image/jpeg');
    expect((await fetch(withoutToken(url))).status).toBe(403);
  });

  it('refuses an image-edit file with a forged token', async () => {
    const url = await blobs.put(`image-edits/${owner}/${randomUUID()}/staged.jpg`, jpegBytes(), 'image/jpeg');
    const forged = new URL(url);
    forged.searchParams.set('token', randomUUID());
    expect((await fetch(forged)).status).toBe(403);
  });
});
