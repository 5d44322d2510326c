import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID } from '@flipstage/core';
import { loadConfig } from '../../src/config.js';
import { LOCAL_ENGINE_NAME } from '../../src/stagers/engine/index.js';
import { PHOTOROOM_ENGINE_NAME } from '../../src/stagers/photoroom.js';
import { createFirebaseDeps, NO_PHOTOROOM_KEY, type FirebaseSettings } from '../../src/wiring/firebase.js';

// Building the deps touches no network: clients connect on first use.
const PROJECT_ID = `${LOCAL_PROJECT_ID}-deps`;
const app: App = initializeApp({ projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` }, 'firebase-deps-unit');

const settings = (overrides: Partial<FirebaseSettings> = {}): FirebaseSettings => ({
  config: loadConfig({}),
  stripeSecretKey: 'sk_test_unit',
  stripeWebhookSecret: 'whsec_unit',
  storageTokenSecret: 'token-secret',
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
    await expect(deps.payments.createPortalSession({ customerId: 'cus_1', returnUrl: 'https://x.example' })).rejects.toThrow(
      'STRIPE_SECRET_KEY is not set',
    );
  });

  it('hands out Storage URLs for the project’s default bucket', () => {
    const deps = createFirebaseDeps(app, settings());
    expect(deps.blobs.url('items/i1/photo-0.jpg')).toContain(`/v0/b/${PROJECT_ID}.appspot.com/o/items%2Fi1%2Fphoto-0.jpg`);
  });
});
