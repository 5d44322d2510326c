/** storage.rules deny by default: paths outside items/ and image-edits/ are closed to every client. */
import { assertFails, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { actors, clearBucket, seedStorage, storageRulesEnvironment, uploadJpeg } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const PATH = `uploads/${OWNER}/photo.jpg`;
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

beforeAll(async () => {
  env = await storageRulesEnvironment('demo-flipstage-rules-other-paths');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await clearBucket(env);
  await seedStorage(env, (storage) => uploadJpeg(storage.ref(PATH)));
});

afterAll(async () => {
  await env.cleanup();
});

describe.each([
  ['signed out', () => as.signedOut()],
  ['the user whose id is in the path', () => as.owner()],
  ['another user', () => as.other()],
] as const)('an unnamed path, %s', (_who, context: () => RulesTestContext) => {
  it('cannot get a file', async () => {
    await assertFails(context().storage().ref(PATH).getMetadata());
  });

  it('cannot list files', async () => {
    await assertFails(context().storage().ref(`uploads/${OWNER}`).listAll());
  });

  it('cannot upload a file', async () => {
    await assertFails(uploadJpeg(context().storage().ref(`uploads/${OWNER}/new.jpg`)));
  });

  it('cannot delete a file', async () => {
    await assertFails(context().storage().ref(PATH).delete());
  });
});
