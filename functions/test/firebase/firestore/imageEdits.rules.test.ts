/** firestore.rules for image_edits/{id}: each user reads their own edits; only the backend writes them. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anImageEdit } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const ownEdit = anImageEdit(OWNER, { created_at: '2026-05-02T00:00:00.000Z' });
const olderOwnEdit = anImageEdit(OWNER, { created_at: '2026-05-01T00:00:00.000Z' });
const othersEdit = anImageEdit(OTHER);
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const edits = (context: RulesTestContext) => context.firestore().collection('image_edits');
const editsOf = (context: RulesTestContext, uid: string) =>
  edits(context).where('user_id', '==', uid).orderBy('created_at', 'desc');

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-image-edits');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, async (db) => {
    for (const edit of [ownEdit, olderOwnEdit, othersEdit]) await db.doc(`image_edits/${edit.id}`).set(edit);
  });
});

afterAll(async () => {
  await env.cleanup();
});

describe('image_edits signed out', () => {
  it('cannot get an edit', async () => {
    await assertFails(edits(as.signedOut()).doc(ownEdit.id).get());
  });

  it('cannot list edits', async () => {
    await assertFails(edits(as.signedOut()).get());
  });

  it('cannot create an edit', async () => {
    const edit = anImageEdit(OWNER);
    await assertFails(edits(as.signedOut()).doc(edit.id).set(edit));
  });

  it('cannot update an edit', async () => {
    await assertFails(edits(as.signedOut()).doc(ownEdit.id).update({ background_style: 'changed' }));
  });

  it('cannot delete an edit', async () => {
    await assertFails(edits(as.signedOut()).doc(ownEdit.id).delete());
  });
});

describe('image_edits the owner', () => {
  it('can get their edit', async () => {
    const snap = await assertSucceeds(edits(as.owner()).doc(ownEdit.id).get());
    expect(snap.data()).toEqual(ownEdit);
  });

  it('can list their edits, newest first', async () => {
    const snap = await assertSucceeds(editsOf(as.owner(), OWNER).get());
    expect(snap.docs.map((d) => d.id)).toEqual([ownEdit.id, olderOwnEdit.id]);
  });

  it('cannot list edits without filtering to their own', async () => {
    await assertFails(edits(as.owner()).orderBy('created_at', 'desc').get());
  });

  it('cannot record an edit themselves (staging debits a credit first)', async () => {
    const edit = anImageEdit(OWNER);
    await assertFails(edits(as.owner()).doc(edit.id).set(edit));
  });

  it('cannot update their edit', async () => {
    await assertFails(edits(as.owner()).doc(ownEdit.id).update({ output_image_url: 'https://elsewhere.example/x.jpg' }));
  });

  it('cannot delete their edit', async () => {
    await assertFails(edits(as.owner()).doc(ownEdit.id).delete());
  });
});

describe('image_edits another user', () => {
  it('cannot get the owner’s edit', async () => {
    await assertFails(edits(as.other()).doc(ownEdit.id).get());
  });

  it('cannot list the owner’s edits', async () => {
    await assertFails(editsOf(as.other(), OWNER).get());
  });

  it('cannot create an edit in the owner’s name', async () => {
    const edit = anImageEdit(OWNER);
    await assertFails(edits(as.other()).doc(edit.id).set(edit));
  });

  it('cannot update the owner’s edit', async () => {
    await assertFails(edits(as.other()).doc(ownEdit.id).update({ user_id: OTHER }));
  });

  it('cannot delete the owner’s edit', async () => {
    await assertFails(edits(as.other()).doc(ownEdit.id).delete());
  });
});
