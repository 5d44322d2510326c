import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { UnsafeBlobPath } from '../../../src/ports/blobs.js';
import { createStorageBlobs, PRODUCTION_STORAGE_ORIGIN, storageOrigin } from '../../../src/adapters/firebase/storageBlobs.js';

// URLs are computed without touching Storage, so these run anywhere; reading and writing real
// objects is the Blobs contract's job, in the Firebase tier.
const app: App = initializeApp({ projectId: `${LOCAL_PROJECT_ID}-unit` }, 'storage-blobs-unit');
const bucket = getStorage(app).bucket(`${LOCAL_PROJECT_ID}.appspot.com`);
const blobs = (tokenSecret = 'secret-a') => createStorageBlobs({ bucket, tokenSecret, origin: PRODUCTION_STORAGE_ORIGIN });

afterAll(async () => {
  await deleteApp(app);
});

describe('Cloud Storage blob URLs', () => {
  it('serves marketplace images from the public download endpoint without a token', () => {
    expect(blobs().url('items/abc/photo-0.jpg')).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${LOCAL_PROJECT_ID}.appspot.com/o/items%2Fabc%2Fphoto-0.jpg?alt=media`,
    );
  });

  it('gives every other path a UUID-shaped download token', () => {
    const url = new URL(blobs().url('image-edits/u1/e1/staged.jpg'));
    expect(url.pathname).toBe(`/v0/b/${LOCAL_PROJECT_ID}.appspot.com/o/image-edits%2Fu1%2Fe1%2Fstaged.jpg`);
    expect(url.searchParams.get('alt')).toBe('media');
    expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('derives the same token for the same path, so url() matches what put() returned', () => {
    expect(blobs().url('image-edits/u1/e1.jpg')).toBe(blobs().url('image-edits/u1/e1.jpg'));
  });

  it('derives different tokens for different paths and different secrets', () => {
    const token = (url: string) => new URL(url).searchParams.get('token');
    expect(token(blobs().url('image-edits/u1/e1.jpg'))).not.toBe(token(blobs().url('image-edits/u1/e2.jpg')));
    expect(token(blobs('secret-a').url('image-edits/u1/e1.jpg'))).not.toBe(token(blobs('secret-b').url('image-edits/u1/e1.jpg')));
  });

  it('refuses to build a URL for an unsafe path', () => {
    expect(() => blobs().url('image-edits/../items/x.jpg')).toThrow(UnsafeBlobPath);
  });

  it('refuses to run without a token secret', () => {
    expect(() => blobs('')).toThrow('Storage download tokens need a secret');
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
