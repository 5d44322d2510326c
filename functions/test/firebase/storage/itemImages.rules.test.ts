/**
 * storage.rules for items/{itemId}/…: marketplace images are public to read while their listing is
 * shown (not hidden by reports or a moderator, not deleted); only the backend writes them.
 */
import {
  assertFails,
  assertSucceeds,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actors,
  clearBucket,
  seedFirestore,
  seedStorage,
  storageRulesEnvironment,
  uploadJpeg,
} from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const IMAGE = `items/item1/photo-0.jpg`;
const HIDDEN_IMAGE = `items/hidden1/photo-0.jpg`;
const DELETED_IMAGE = `items/deleted1/photo-0.jpg`;
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const file = (context: RulesTestContext, path = IMAGE) => context.storage().ref(path);

beforeAll(async () => {
  env = await storageRulesEnvironment('demo-flipstage-rules-item-images', { withFirestore: true });
  await seedFirestore(env, async (db) => {
    await db.doc('items/item1').set({ owner: OWNER, hidden: false });
    await db.doc('items/hidden1').set({ owner: OWNER, hidden: true });
  });
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await clearBucket(env);
  await seedStorage(env, (storage) =>
    Promise.all([IMAGE, HIDDEN_IMAGE, DELETED_IMAGE].map((path) => uploadJpeg(storage.ref(path)))),
  );
});

afterAll(async () => {
  await env.cleanup();
});

describe.each([
  ['signed out', () => as.signedOut()],
  ['the owner', () => as.owner()],
  ['another user', () => as.other()],
] as const)('items/{itemId} %s', (_who, context: () => RulesTestContext) => {
  it('can get an image', async () => {
    const metadata = await assertSucceeds(file(context()).getMetadata());
    expect(metadata.contentType).toBe('image/jpeg');
  });

  it('cannot get an image of a hidden listing', async () => {
    await assertFails(file(context(), HIDDEN_IMAGE).getMetadata());
  });

  it('cannot get an image of a deleted listing', async () => {
    await assertFails(file(context(), DELETED_IMAGE).getMetadata());
  });

  it('cannot list an item’s images', async () => {
    await assertFails(file(context(), `items/item1`).listAll());
  });

  it('cannot upload an image', async () => {
    await assertFails(uploadJpeg(file(context(), `items/item1/photo-1.jpg`)));
  });

  it('cannot replace an image', async () => {
    await assertFails(uploadJpeg(file(context())));
  });

  it('cannot change an image’s metadata', async () => {
    await assertFails(file(context()).updateMetadata({ customMetadata: { owner: 'mallory' } }));
  });

  it('cannot delete an image', async () => {
    await assertFails(file(context()).delete());
  });
});
