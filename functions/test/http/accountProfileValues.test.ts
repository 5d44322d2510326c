/**
 * The profile catalogue (test/fixtures/profileValues.ts) against PATCH /api/account: every value
 * firestore.rules takes, the API takes and stores; every value the rules refuse, the API refuses
 * with its message and stores nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_ID, trimNameSpaces } from '@flipstage/core';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { signUpTestUser, type TestUser } from '../helpers/emulatorUsers.js';
import { PROFILE_VALUES, type ProfileOwner, type ProfileValue } from '../fixtures/profileValues.js';

let t: TestApp;
let user: TestUser;
let owner: ProfileOwner;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpTestUser('Dana Flipper');
  // The Auth emulator signs local mode's users in to the local project: their tokens' aud.
  owner = { uid: user.uid, projectId: LOCAL_PROJECT_ID };
  await request(t.app).post('/api/account').set('authorization', `Bearer ${user.idToken}`).expect(200);
});
afterAll(() => t.close());

const patch = (body: Record<string, unknown>) =>
  request(t.app).patch('/api/account').set('authorization', `Bearer ${user.idToken}`).send(body);

const storedProfile = async () => (await t.store.getAccount(user.uid))?.profile;

/** What the API keeps of an accepted value: the name trimmed, a cleared avatar as ''. */
function kept({ field }: ProfileValue, value: unknown): unknown {
  return field === 'name' ? trimNameSpaces(value as string) : (value ?? '');
}

describe('PATCH /api/account with the profile catalogue', () => {
  const accepted = PROFILE_VALUES.filter((entry) => entry.refusal === null);
  const refused = PROFILE_VALUES.filter((entry) => entry.refusal !== null);

  it.each(accepted)('takes $title', async (entry) => {
    const value = entry.value(owner);
    const response = await patch({ [entry.field]: value });
    expect(response.status).toBe(200);
    expect((await storedProfile())?.[entry.field]).toBe(kept(entry, value));
  });

  it.each(refused)('refuses $title', async (entry) => {
    const before = await storedProfile();
    const response = await patch({ [entry.field]: entry.value(owner) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message: entry.refusal } });
    expect(await storedProfile()).toEqual(before);
  });
});
