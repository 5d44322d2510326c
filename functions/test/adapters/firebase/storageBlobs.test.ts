import { generateKeyPairSync } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { PrivateBlobPath, UnsafeBlobPath } from '../../../src/ports/blobs.js';
import { createStorageBlobs, PRODUCTION_STORAGE_ORIGIN, storageOrigin } from '../../../src/adapters/firebase/storageBlobs.js';

// URLs are made without touching Storage: V4 signing here uses a service-account key made for the
// test (in Cloud Functions the Admin SDK signs through IAM instead). Reading and writing real
// objects is the Blobs contract's job, in the Firebase tier.
const SIGNER = `signer@${LOCAL_PROJECT_ID}.iam.gserviceaccount.com`;
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const app: App = initializeApp(
  { projectId: LOCAL_PROJECT_ID, credential: cert({ projectId: LOCAL_PROJECT_ID, clientEmail: SIGNER, privateKey }) },
  'storage-blobs-unit',
);
const BUCKET = `${LOCAL_PROJECT_ID}.appspot.com`;
const bucket = getStorage(app).bucket(BUCKET);
const blobs = createStorageBlobs({ bucket, origin: PRODUCTION_STORAGE_ORIGIN });
const emulated = createStorageBlobs({ bucket, origin: 'http://127.0.0.1:9199' });

afterAll(async () => {
  await deleteApp(app);
});

describe('Cloud Storage public URLs', () => {
  it('serve marketplace photos from the download endpoint without a token', () => {
    expect(blobs.publicUrl('items/abc/photo-0.jpg')).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/items%2Fabc%2Fphoto-0.jpg?alt=media`,
    );
  });

  it('are refused for a private path', () => {
    expect(() => blobs.publicUrl('image-edits/u1/e1/staged.jpg')).toThrow(PrivateBlobPath);
  });

  it('are refused for an unsafe path', () => {
    expect(() => blobs.publicUrl('items/../image-edits/x.jpg')).toThrow(UnsafeBlobPath);
  });
});

describe('Cloud Storage signed URLs', () => {
  it('are V4 signed URLs of the object, signed by the service account', async () => {
    const url = new URL(await blobs.signedUrl('image-edits/u1/e1/staged.jpg', 60 * 60 * 1000));
    expect(`${url.origin}${url.pathname}`).toBe(`https://storage.googleapis.com/${BUCKET}/image-edits/u1/e1/staged.jpg`);
    expect(url.searchParams.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(url.searchParams.get('X-Goog-Credential')).toMatch(new RegExp(`^${SIGNER}/`));
    expect(url.searchParams.get('X-Goog-Signature')).toMatch(/^[0-9a-f]{512}$/);
    expect(url.searchParams.has('token')).toBe(false);
  });

  it('expire after the time asked for', async () => {
    const url = new URL(await blobs.signedUrl('image-edits/u1/e1/staged.jpg', 15 * 60 * 1000));
    expect(url.searchParams.get('X-Goog-Expires')).toBe('900');
  });

  it('differ from one path to another', async () => {
    const first = new URL(await blobs.signedUrl('image-edits/u1/e1/staged.jpg', 60_000));
    const other = new URL(await blobs.signedUrl('image-edits/u1/e2/staged.jpg', 60_000));
    expect(first.searchParams.get('X-Goog-Signature')).not.toBe(other.searchParams.get('X-Goog-Signature'));
  });

  it('are refused for an unsafe path', async () => {
    await expect(blobs.signedUrl('image-edits/../items/x.jpg', 60_000)).rejects.toBeInstanceOf(UnsafeBlobPath);
  });

  it('are handed out again while more than half their life is left, and signed anew after', async () => {
    let clock = Date.now();
    const cached = createStorageBlobs({ bucket, origin: PRODUCTION_STORAGE_ORIGIN, now: () => clock });
    const hour = 60 * 60 * 1000;
    const first = await cached.signedUrl('image-edits/u1/e3/staged.jpg', hour);
    clock += hour / 2 - 1000;
    expect(await cached.signedUrl('image-edits/u1/e3/staged.jpg', hour)).toBe(first);
    clock += 2000;
    expect(await cached.signedUrl('image-edits/u1/e3/staged.jpg', hour)).not.toBe(first);
  });

  it('are the emulator’s object URLs in the Storage emulator, which has nothing to sign with', async () => {
    expect(await emulated.signedUrl('image-edits/u1/e1/staged.jpg', 60_000)).toBe(
      `http://127.0.0.1:9199/${BUCKET}/image-edits/u1/e1/staged.jpg`,
    );
  });
});

describe('storageOrigin', () => {
  it('is the production endpoint by default', () => {
    expect(storageOrigin({})).toBe(PRODUCTION_STORAGE_ORIGIN);
  });

  it('is the Storage emulator when FIREBASE_STORAGE_EMULATOR_HOST is set', () => {
    expect(storageOrigin({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' })).toBe('http://127.0.0.1:9199');
  });
});
