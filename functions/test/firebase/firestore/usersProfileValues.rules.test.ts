/**
 * The profile catalogue (test/fixtures/profileValues.ts) against firestore.rules: the owner's
 * direct write of each value is allowed exactly when PATCH /api/account takes it
 * (test/http/accountProfileValues.test.ts runs the same values there).
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { aProfile } from '../support/factories.js';
import { firestoreRulesEnvironment, seedFirestore } from '../support/rulesEnvironment.js';
import { PROFILE_VALUES, type ProfileOwner } from '../../fixtures/profileValues.js';

// rules-unit-testing signs its users in to the environment's project: the tokens' aud.
const OWNER: ProfileOwner = { uid: 'dana', projectId: 'demo-flipstage-rules-profile' };
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await firestoreRulesEnvironment(OWNER.projectId);
});

beforeEach(async () => {
  await env.clearFirestore();
  await seedFirestore(env, (db) => db.doc(`users/${OWNER.uid}`).set(aProfile()));
});

afterAll(async () => {
  await env.cleanup();
});

const ownerWrites = (field: string, value: unknown) =>
  env
    .authenticatedContext(OWNER.uid)
    .firestore()
    .doc(`users/${OWNER.uid}`)
    .update({ [field]: value });

describe('users/{uid} with the profile catalogue', () => {
  it.each(PROFILE_VALUES.filter((entry) => entry.refusal === null))('takes $title', async ({ field, value }) => {
    await assertSucceeds(ownerWrites(field, value(OWNER)));
  });

  it.each(PROFILE_VALUES.filter((entry) => entry.refusal !== null))('refuses $title', async ({ field, value }) => {
    await assertFails(ownerWrites(field, value(OWNER)));
  });
});
