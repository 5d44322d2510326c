/**
 * firestore.rules for users/{uid}: the owner reads their profile and may change only name and
 * avatar. Which names and avatars are allowed: usersProfileValues.rules.test.ts.
 */
import { assertFails, assertSucceeds, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aProfile } from '../support/factories.js';
import { actors, firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';

const OWNER = 'dana';
const OTHER = 'eli';
const GITHUB_AVATAR = 'https://avatars.githubusercontent.com/u/583231?v=4';
const GOOGLE_AVATAR = 'https://lh3.googleusercontent.com/a/ACg8ocKx1Z9v-Q=s96-c';
let env: RulesTestEnvironment;
let as: ReturnType<typeof actors>;

const profileOf = (context: RulesTestContext, uid = OWNER) => context.firestore().doc(`users/${uid}`);

beforeAll(async () => {
  env = await firestoreRulesEnvironment('demo-flipstage-rules-users');
  as = actors(env, OWNER, OTHER);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, (db) => db.doc(`users/${OWNER}`).set(aProfile({ avatar: GITHUB_AVATAR })));
});

afterAll(async () => {
  await env.cleanup();
});

describe('users/{uid} signed out', () => {
  it('cannot get a profile', async () => {
    await assertFails(profileOf(as.signedOut()).get());
  });

  it('cannot list profiles', async () => {
    await assertFails(as.signedOut().firestore().collection('users').get());
  });

  it('cannot create a profile', async () => {
    await assertFails(profileOf(as.signedOut(), 'newcomer').set(aProfile()));
  });

  it('cannot update a profile', async () => {
    await assertFails(profileOf(as.signedOut()).update({ name: 'Mallory' }));
  });

  it('cannot delete a profile', async () => {
    await assertFails(profileOf(as.signedOut()).delete());
  });
});

describe('users/{uid} the owner', () => {
  it('can get their profile', async () => {
    const snap = await assertSucceeds(profileOf(as.owner()).get());
    expect(snap.data()).toEqual(aProfile({ avatar: GITHUB_AVATAR }));
  });

  it('cannot list the users collection', async () => {
    await assertFails(as.owner().firestore().collection('users').get());
  });

  it('cannot create their profile (the backend does, with the sign-up credits)', async () => {
    await env.clearFirestore();
    await assertFails(profileOf(as.owner()).set(aProfile()));
  });

  it('can change their name and avatar', async () => {
    await assertSucceeds(profileOf(as.owner()).update({ name: 'Dana B.', avatar: GOOGLE_AVATAR }));
  });

  it('can clear their avatar', async () => {
    await assertSucceeds(profileOf(as.owner()).update({ avatar: null }));
  });

  it('cannot change their email', async () => {
    await assertFails(profileOf(as.owner()).update({ email: 'someone@else.example' }));
  });

  it('cannot add another field, such as credits', async () => {
    await assertFails(profileOf(as.owner()).update({ name: 'Dana', creditsRemaining: 1000 }));
  });

  it('cannot set an empty name', async () => {
    await assertFails(profileOf(as.owner()).update({ name: '   ' }));
  });

  it('cannot set a name longer than 100 characters', async () => {
    await assertFails(profileOf(as.owner()).update({ name: 'x'.repeat(101) }));
  });

  it('cannot set a name that is not text', async () => {
    await assertFails(profileOf(as.owner()).update({ name: 42 }));
  });

  it('cannot replace the whole document', async () => {
    await assertFails(profileOf(as.owner()).set({ name: 'Dana' }));
  });

  it('cannot delete their profile', async () => {
    await assertFails(profileOf(as.owner()).delete());
  });
});

describe('users/{uid} another user', () => {
  it('cannot get the profile', async () => {
    await assertFails(profileOf(as.other()).get());
  });

  it('cannot list profiles', async () => {
    await assertFails(as.other().firestore().collection('users').get());
  });

  it('cannot create a profile for someone else', async () => {
    await assertFails(profileOf(as.other(), 'newcomer').set(aProfile()));
  });

  it('cannot update the profile', async () => {
    await assertFails(profileOf(as.other()).update({ name: 'Mallory' }));
  });

  it('cannot delete the profile', async () => {
    await assertFails(profileOf(as.other()).delete());
  });
});
