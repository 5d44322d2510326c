/**
 * What the URLs handed out by the Cloud Storage adapter let a browser do, against the Storage
 * emulator with storage.rules loaded: marketplace photos open to anyone at their token-free URL
 * while their listing is shown (storage.rules reads it in the Firestore emulator), image-edit files
 * never at that URL, since no file carries a download token any more. (The
 * emulator serves signed URLs without checking them; their expiry is Cloud Storage's.)
 */
import { randomUUID } from 'node:crypto';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Blobs } from '../../../src/ports/blobs.js';
import { createStorageBlobs, storageOrigin } from '../../../src/adapters/firebase/storageBlobs.js';
import { adminApp } from '../support/emulators.js';
import { jpegBytes } from '../support/factories.js';

const PROJECT_ID = 'demo-flipstage-blob-urls';
const BUCKET = `${PROJECT_ID}.appspot.com`;
let blobs: Blobs;
const owner = `u${randomUUID().slice(0, 8)}`;

beforeAll(() => {
  blobs = createStorageBlobs({
    bucket: getStorage(adminApp(PROJECT_ID, ['storage'])).bucket(BUCKET),
    origin: storageOrigin(),
  });
});

/** A photo stored under a listing whose Firestore doc says whether it is hidden. */
async function listingPhoto(hidden: boolean): Promise<string> {
  const itemId = randomUUID();
  await getFirestore(adminApp(PROJECT_ID, ['storage', 'firestore']))
    .doc(`items/${itemId}`)
    .set({ hidden });
  const path = `items/${itemId}/photo-0.jpg`;
  await blobs.put(path, jpegBytes(), 'image/jpeg');
  return path;
}

/** The download endpoint's URL of a path, as a token URL would have been without its token. */
const downloadUrl = (path: string) => `${storageOrigin()}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media`;

describe('Cloud Storage blob URLs in the emulator', () => {
  it('serves a marketplace photo to anyone, without a token', async () => {
    const path = await listingPhoto(false);
    const url = blobs.publicUrl(path);
    expect(new URL(url).searchParams.has('token')).toBe(false);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(jpegBytes()))).toBe(true);
  });

  it('refuses a hidden listing’s photo at its public URL', async () => {
    expect((await fetch(blobs.publicUrl(await listingPhoto(true)))).status).toBe(403);
  });

  it('refuses an image-edit file at the download endpoint (storage.rules: owner only)', async () => {
    const path = `image-edits/${owner}/${randomUUID()}/staged.jpg`;
    await blobs.put(path, jpegBytes(), 'image/jpeg');
    expect((await fetch(downloadUrl(path))).status).toBe(403);
  });

  it('stores image-edit files without a download token', async () => {
    const path = `image-edits/${owner}/${randomUUID()}/staged.jpg`;
    await blobs.put(path, jpegBytes(), 'image/jpeg');
    const [metadata] = await getStorage(adminApp(PROJECT_ID, ['storage']))
      .bucket(BUCKET)
      .file(path)
      .getMetadata();
    expect(metadata.metadata?.firebaseStorageDownloadTokens).toBeUndefined();
  });

  it('serves an image-edit file through the URL signed for its owner', async () => {
    const path = `image-edits/${owner}/${randomUUID()}/staged.jpg`;
    await blobs.put(path, jpegBytes(), 'image/jpeg');
    const response = await fetch(await blobs.signedUrl(path, 60_000));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });
});
