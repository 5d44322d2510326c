/**
 * storage.rules for image-edits/{ownerUid}/…: input and output images of staging, readable by
 * their owner only (the owner's browser gets them through URLs the backend signs for an hour).
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpegBytes } from '../support/factories.js';
import { actors, clearBucket, seedStorage, storageRulesEnvironment, uploadJpeg } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const OUTPUT = `image-edits/${OWNER}/edit1/staged.jpg`;
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const file = (context: RulesTestContext, path = OUTPUT) => context.storage().ref(path);
const upload = (context: RulesTestContext, path = OUTPUT) => uploadJpeg(file(context, path));

beforeAll(async () => {
  env = await storageRulesEnvironment('demo-flipstage-rules-image-edit-files');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await clearBucket(env);
  await seedStorage(env, (storage) => uploadJpeg(storage.ref(OUTPUT)));
});

afterAll(async () => {
  await env.cleanup();
});

describe('image-edits/{ownerUid} signed out', () => {
  it('cannot get a file', async () => {
    await assertFails(file(as.signedOut()).getMetadata());
  });

  it('cannot list files', async () => {
    await assertFails(file(as.signedOut(), `image-edits/${OWNER}`).listAll());
  });

  it('cannot upload a file', async () => {
    await assertFails(upload(as.signedOut(), `image-edits/${OWNER}/edit2/staged.jpg`));
  });

  it('cannot replace a file', async () => {
    await assertFails(upload(as.signedOut()));
  });

  it('cannot delete a file', async () => {
    await assertFails(file(as.signedOut()).delete());
  });
});

describe('image-edits/{ownerUid} the owner', () => {
  it('can get their file', async () => {
    const metadata = await assertSucceeds(file(as.owner()).getMetadata());
    expect(metadata.size).toBe(jpegBytes().byteLength);
  });

  it('cannot list their folder (edits are listed from Firestore)', async () => {
    await assertFails(file(as.owner(), `image-edits/${OWNER}`).listAll());
  });

  it('cannot upload a file (staging goes through the API, which debits a credit)', async () => {
    await assertFails(upload(as.owner(), `image-edits/${OWNER}/edit2/staged.jpg`));
  });

  it('cannot replace their file', async () => {
    await assertFails(upload(as.owner()));
  });

  it('cannot change their file’s metadata', async () => {
    await assertFails(file(as.owner()).updateMetadata({ customMetadata: { note: 'x' } }));
  });

  it('cannot delete their file', async () => {
    await assertFails(file(as.owner()).delete());
  });
});

describe('image-edits/{ownerUid} another user', () => {
  it('cannot get the file', async () => {
    await assertFails(file(as.other()).getMetadata());
  });

  it('cannot list the folder', async () => {
    await assertFails(file(as.other(), `image-edits/${OWNER}`).listAll());
  });

  it('cannot upload into the owner’s folder', async () => {
    await assertFails(upload(as.other(), `image-edits/${OWNER}/edit2/staged.jpg`));
  });

  it('cannot replace the file', async () => {
    await assertFails(upload(as.other()));
  });

  it('cannot delete the file', async () => {
    await assertFails(file(as.other()).delete());
  });
});
