/** Firestore store behaviour beyond the shared contract: how documents are laid out and edge cases Firestore itself refuses. */
import { describe, expect, it } from 'vitest';
import { useFirestoreStore } from '../support/firestoreStoreSuite.js';
import { aProfile } from '../support/factories.js';
import { CREDIT_RULES } from '../../../src/services/creditRules.js';

const PROJECT_ID = 'demo-flipstage-store-layout';
const t = useFirestoreStore(PROJECT_ID);

describe('Firestore store', () => {
  it('keeps a profile unchanged when an update changes nothing', async () => {
    await t.store.ensureAccount('dana', aProfile(), 10, CREDIT_RULES);
    expect(await t.store.updateProfile('dana', {})).toEqual(aProfile());
  });

  it('names each ledger entry after its ref, so the web app and a replay find the same document', async () => {
    await t.store.ensureAccount('dana', aProfile(), 10, CREDIT_RULES);
    await t.store.applyCredit({ uid: 'dana', delta: 25, reason: 'subscription', ref: 'evt_123' }, CREDIT_RULES);
    const ids = (await t.db.collection('customers/dana/ledger').get()).docs.map((d) => d.id).sort();
    expect(ids).toEqual(['evt_123', 'signup']);
  });

  it('hashes a ref that is not a valid readable document id', async () => {
    await t.store.ensureAccount('dana', aProfile(), 10, CREDIT_RULES);
    await t.store.applyCredit({ uid: 'dana', delta: -1, reason: 'stage', ref: 'a/b c' }, CREDIT_RULES);
    const entry = (await t.db.collection('customers/dana/ledger').where('ref', '==', 'a/b c').get()).docs[0];
    expect(entry?.id).toMatch(/^~[0-9a-f]{40}$/);
  });

  it('records a processed Stripe event under its id in stripe_events', async () => {
    await t.store.processStripeEvent(
      { eventId: 'evt_abc', type: 'invoice.created', effect: { kind: 'none' } },
      CREDIT_RULES,
    );
    expect((await t.db.doc('stripe_events/evt_abc').get()).data()).toMatchObject({ type: 'invoice.created' });
  });

  it('stores image edits at the top level with the fields the web app reads', async () => {
    await t.store.ensureAccount('dana', aProfile(), 10, CREDIT_RULES);
    await t.store.beginStage({ uid: 'dana', key: 'k1', attemptId: 'a1', staleBefore: 0 }, CREDIT_RULES);
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
    await t.store.completeStage({ uid: 'dana', key: 'k1', attemptId: 'a1', edit }, CREDIT_RULES);
    expect((await t.db.doc('image_edits/e1').get()).data()).toEqual(edit);
  });
});
