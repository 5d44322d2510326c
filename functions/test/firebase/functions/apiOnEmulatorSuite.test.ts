/**
 * The deployed shape end to end on the Emulator Suite: the `api` bundle in the Functions emulator
 * with the Auth, Firestore and Storage emulators behind it, and the web app's direct reads under
 * the security rules.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_HEADER, SIGNUP_CREDITS, type MergedUser, type StageResponse } from '@flipstage/core';
import { functionUrl, signUpInAuthEmulator } from '../support/emulators.js';
import { firestoreRulesEnvironment } from '../support/rulesEnvironment.js';

// The project `npm run test:firebase` starts the emulators with, so the function writes here too.
const PROJECT_ID = 'demo-flipstage';
const samplePhoto = readFileSync(fileURLToPath(new URL('../../../../samples/dresser-blue.jpg', import.meta.url)));
let env: RulesTestEnvironment;
let api: string;

async function newUser(): Promise<{ uid: string; idToken: string }> {
  return signUpInAuthEmulator(`seller-${randomUUID()}@example.com`, 'correct horse battery');
}

async function createAccount(idToken: string): Promise<MergedUser> {
  const response = await fetch(`${api}${API_PATHS.account}`, { method: 'POST', headers: { authorization: `Bearer ${idToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as MergedUser;
}

beforeAll(async () => {
  env = await firestoreRulesEnvironment(PROJECT_ID);
  api = await functionUrl(PROJECT_ID, 'api');
});

beforeEach(async () => {
  await env.clearFirestore();
});

afterAll(async () => {
  await env.cleanup();
});

describe('the api function on the Emulator Suite', () => {
  it('creates an account with the sign-up credits, which the owner then reads under the rules', async () => {
    const { uid, idToken } = await newUser();
    const user = await createAccount(idToken);
    expect(user).toMatchObject({ uid, creditsRemaining: SIGNUP_CREDITS });

    const db = env.authenticatedContext(uid).firestore();
    const customer = await assertSucceeds(db.doc(`customers/${uid}`).get());
    expect(customer.data()).toMatchObject({ creditsRemaining: SIGNUP_CREDITS });
    const ledger = await assertSucceeds(db.collection(`customers/${uid}/ledger`).get());
    expect(ledger.docs.map((d) => d.data())).toMatchObject([{ delta: SIGNUP_CREDITS, reason: 'signup', ref: 'signup' }]);
  });

  it('stages a photo: one credit spent, files in Storage, the edit readable by its owner', async () => {
    const { uid, idToken } = await newUser();
    await createAccount(idToken);
    const form = new FormData();
    form.append('imageFile', new Blob([samplePhoto], { type: 'image/jpeg' }), 'dresser.jpg');
    form.append('prompt', 'a bright scandinavian bedroom');
    form.append('style', 'scandinavian');
    form.append('furnitureType', 'dresser');
    form.append('mode', 'auto');

    const response = await fetch(`${api}${API_PATHS.stage}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, [IDEMPOTENCY_HEADER]: randomUUID() },
      body: form,
    });
    expect(response.status).toBe(200);
    const staged = (await response.json()) as StageResponse;
    expect(staged.creditsRemaining).toBe(SIGNUP_CREDITS - 1);

    const output = await fetch(staged.outputUrl);
    expect(output.status).toBe(200);
    expect(output.headers.get('content-type')).toBe('image/jpeg');

    const edit = await assertSucceeds(env.authenticatedContext(uid).firestore().doc(`image_edits/${staged.editId}`).get());
    expect(edit.data()).toMatchObject({ user_id: uid, input_image_url: staged.inputUrl, output_image_url: staged.outputUrl });
  });
});
