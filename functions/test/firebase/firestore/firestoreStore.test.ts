/** Firestore store behaviour beyond the shared contract: how documents are laid out and edge cases Firestore itself refuses. */
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/ports.js';
import { createFirestoreStore } from '../../../src/adapters/firebase/firestoreStore.js';
import { adminApp, clearFirestore } from '../support/emulators.js';
import { aProfile } from '../support/factories.js';

const PROJECT_ID = 'demo-flipstage-store-layout';
let db: Firestore;
let store: Store;

beforeAll(() => {
  db = getFirestore(adminApp(PROJECT_ID, ['firestore']));
  store = createFirestoreStore(db);
});

beforeEach(async () => {
  await clearFirestore(PROJECT_ID);
});

afterAll(async () => {
  await db.terminate();
});

describe('Firestore store', () => {
  it('keeps a profile unchanged when an update changes nothing', async () => {
    await store.ensureAccount('dana', aProfile(), 10);
    expect(await store.updateProfile('dana', {})).toEqual(aProfile());
  });

  it('names each ledger entry after its ref, so the web app and a replay find the same document', async () => {
    await store.ensureAccount('dana', aProfile(), 10);
    await store.applyCredit({ uid: 'dana', delta: 25, reason: 'subscription', ref: 'evt_123' });
    const ids = (await db.collection('customers/dana/ledger').get()).docs.map((d) => d.id).sort();
    expect(ids).toEqual(['evt_123', 'signup']);
  });

  it('hashes a ref that is not a valid readable document id', async () => {
    await store.ensureAccount('dana', aProfile(), 10);
    await store.applyCredit({ uid: 'dana', delta: -1, reason: 'stage', ref: 'a/b c' });
    const entry = (await db.collection('customers/dana/ledger').where('ref', '==', 'a/b c').get()).docs[0];
    expect(entry?.id).toMatch(/^~[0-9a-f]{40}$/);
  });

  it('records a processed Stripe event under its id in stripe_events', async () => {
    await store.processStripeEvent({ eventId: 'evt_abc', type: 'invoice.created', effect: { kind: 'none' } });
    expect((await db.doc('stripe_events/evt_abc').get()).data()).toMatchObject({ type: 'invoice.created' });
  });

  it('stores image edits at the top level with the fields the web app reads', async () => {
    await store.ensureAccount('dana', aProfile(), 10);
    await store.beginStage({ uid: 'dana', key: 'k1', attemptId: 'a1', staleBefore: 0 });
    const edit = {
      id: 'e1',
      user_id: 'dana',
      input_image_url: 'https://files.example/in.jpg',
      output_image_url: 'https://files.example/out.jpg',
      background_style: 'a sleek modern interior',
      style: 'modern',
      furniture_type: 'dresser',
      created_at: '2026-05-01T00:00:00.000Z',
    };
    await store.completeStage({ uid: 'dana', key: 'k1', attemptId: 'a1', edit });
    expect((await db.doc('image_edits/e1').get()).data()).toEqual(edit);
  });
});
