/** storage.rules for items/{itemId}/…: marketplace images are public to read; only the backend writes them. */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actors, clearBucket, seedStorage, storageRulesEnvironment, uploadJpeg } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const IMAGE = `items/item1/photo-0.jpg`;
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const file = (context: RulesTestContext, path = IMAGE) => context.storage().ref(path);

beforeAll(async () => {
  env = await storageRulesEnvironment('demo-flipstage-rules-item-images');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await clearBucket(env);
  await seedStorage(env, (storage) => uploadJpeg(storage.ref(IMAGE)));
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
