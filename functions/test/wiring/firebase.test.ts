import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { loadConfig } from '../../src/config.js';
import { LOCAL_ENGINE_NAME } from '../../src/stagers/engine/index.js';
import { PHOTOROOM_ENGINE_NAME } from '../../src/stagers/photoroom.js';
import { createApp } from '../../src/http/app.js';
import { createJsonLogger } from '../../src/logs.js';
import {
  createFirebaseDeps,
  firebaseBlobsFor,
  NO_PHOTOROOM_KEY,
  type FirebaseSettings,
} from '../../src/wiring/firebase.js';

// Building the deps touches no network: clients connect on first use.
const PROJECT_ID = `${LOCAL_PROJECT_ID}-deps`;
const app: App = initializeApp(
  { projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` },
  'firebase-deps-unit',
);

const settings = (overrides: Partial<FirebaseSettings> = {}): FirebaseSettings => ({
  config: loadConfig({}),
  stripeSecretKey: 'sk_test_unit',
  stripeWebhookSecret: 'whsec_unit',
  blobs: { kind: 'storage' },
  stager: { PHOTOROOM_API_KEY: 'pr_unit_key' },
  ...overrides,
});

afterAll(async () => {
  await deleteApp(app);
});

describe('Firebase mode deps', () => {
  it('stages with Photoroom when a key is set', () => {
    expect(createFirebaseDeps(app, settings()).stager.name).toBe(PHOTOROOM_ENGINE_NAME);
  });

  it(`stages with the built-in engine when PHOTOROOM_API_KEY is "${NO_PHOTOROOM_KEY}"`, () => {
    const deps = createFirebaseDeps(app, settings({ stager: { PHOTOROOM_API_KEY: NO_PHOTOROOM_KEY } }));
    expect(deps.stager.name).toBe(LOCAL_ENGINE_NAME);
  });

  it('builds without Stripe keys, and only the billing calls say what is missing', async () => {
    const deps = createFirebaseDeps(app, settings({ stripeSecretKey: '', stripeWebhookSecret: '' }));
    await expect(
      deps.payments.createPortalSession({ customerId: 'cus_1', returnUrl: 'https://x.example' }),
    ).rejects.toThrow('STRIPE_SECRET_KEY is not set');
  });

  it('hands out Storage URLs for the project’s default bucket', () => {
    const deps = createFirebaseDeps(app, settings());
    expect(deps.blobs.publicUrl('items/i1/photo-0.jpg')).toContain(
      `/v0/b/${PROJECT_ID}.appspot.com/o/items%2Fi1%2Fphoto-0.jpg`,
    );
    expect(deps.servedBlobs).toBeUndefined();
  });
});

describe('Firebase mode images without a Storage emulator', () => {
  const fallback = { dir: '/tmp/blobs', baseUrl: 'http://127.0.0.1:5000' };

  it('use the file store in the Functions emulator when no Storage emulator runs', () => {
    expect(firebaseBlobsFor({ FUNCTIONS_EMULATOR: 'true' }, fallback)).toEqual({ kind: 'files', ...fallback });
  });

  it('say what is missing when the file store has no folder or site URL', () => {
    expect(() => firebaseBlobsFor({ FUNCTIONS_EMULATOR: 'true' }, { dir: '', baseUrl: '' })).toThrow(
      'the file store that replaces it needs a folder and the site URL',
    );
  });

  it('use Cloud Storage when the Storage emulator runs', () => {
    const env = { FUNCTIONS_EMULATOR: 'true', FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' };
    expect(firebaseBlobsFor(env, fallback)).toEqual({ kind: 'storage' });
  });

  it('use Cloud Storage when deployed', () => {
    expect(firebaseBlobsFor({}, fallback)).toEqual({ kind: 'storage' });
  });

  it('are served by the function itself at /api/blobs, public paths openly and private ones signed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flipstage-firebase-blobs-'));
    try {
      const deps = createFirebaseDeps(
        app,
        settings({ blobs: { kind: 'files', dir, baseUrl: 'http://127.0.0.1:5000/' } }),
      );
      // No Firestore emulator here and no listing: only a hidden listing's photos are withheld.
      const store = { ...deps.store, getItem: async () => null };
      const api = request(createApp({ ...deps, store, logger: createJsonLogger(() => undefined) }));
      await deps.blobs.put('items/i1/photo.jpg', new Uint8Array([1, 2]), 'image/jpeg');
      await deps.blobs.put('image-edits/u1/e1/staged.jpg', new Uint8Array([3, 4]), 'image/jpeg');
      const publicUrl = new URL(deps.blobs.publicUrl('items/i1/photo.jpg'));
      const signedUrl = new URL(await deps.blobs.signedUrl('image-edits/u1/e1/staged.jpg', 60_000));
      expect(publicUrl.toString()).toBe('http://127.0.0.1:5000/api/blobs/items/i1/photo.jpg');
      expect((await api.get(publicUrl.pathname)).status).toBe(200);
      expect((await api.get(`${signedUrl.pathname}${signedUrl.search}`)).body).toEqual(Buffer.from([3, 4]));
      expect((await api.get(signedUrl.pathname)).status).toBe(403);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
