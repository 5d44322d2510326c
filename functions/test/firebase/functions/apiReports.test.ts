/**
 * Issue 40's attack on the deployed shape: the `api` bundle in the Functions emulator, in Firebase
 * mode (a verified email required), with Auth and Firestore behind it. Anonymous sessions,
 * unverified addresses and accounts made a minute ago report a listing, and it stays readable
 * under the rules; three verified accounts a day old hide it, until a moderator, made as
 * `npm run admin:grant` makes one, restores it.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGES, REPORTER_MIN_ACCOUNT_AGE_MS, type ModerationQueue } from '@flipstage/core';
import { setModerator } from '../../../src/adapters/firebase/moderatorClaim.js';
import { adminApp, emulatorHost } from '../support/emulators.js';
import { anItem } from '../support/factories.js';
import {
  createAccount,
  newUser,
  newVerifiedUser,
  PROJECT_ID,
  useApiFunction,
  type TestUser,
} from '../support/apiFunction.js';

const api = useApiFunction();
const toolkit = (path: string) => `http://${emulatorHost('auth')}/identitytoolkit.googleapis.com/v1/${path}`;

async function listing(): Promise<string> {
  const item = anItem('seller-1');
  await api.env.withSecurityRulesDisabled((context) => context.firestore().doc(`items/${item.id}`).set(item));
  return item.id;
}

/** Whether a signed-in stranger's app can read the listing under the rules. */
const readableByStranger = (itemId: string) =>
  api.env.authenticatedContext('stranger').firestore().doc(`items/${itemId}`).get();

const call = (path: string, idToken: string, body?: object) =>
  fetch(`${api.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
const report = (idToken: string, itemId: string) => call(API_PATHS.reports, idToken, { itemId, reason: 'Scam' });

async function anonymousSession(): Promise<string> {
  const response = await fetch(toolkit('accounts:signUp?key=demo-api-key'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * A verified account whose Auth record says it was made, and whose account says it signed up, a
 * day and a minute ago: a reporter's age counts from the later of the two.
 */
async function dayOldVerifiedUser(): Promise<TestUser> {
  const user = await newVerifiedUser();
  const dayAgo = Date.now() - REPORTER_MIN_ACCOUNT_AGE_MS - 60_000;
  const response = await fetch(toolkit(`projects/${PROJECT_ID}/accounts:update`), {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ localId: user.uid, createdAt: String(dayAgo) }),
  });
  expect(response.status).toBe(200);
  await createAccount(api, user.idToken);
  await getFirestore(adminApp(PROJECT_ID, ['firestore']))
    .doc(`customers/${user.uid}`)
    .update({ signupGrantedAt: new Date(dayAgo).toISOString() });
  return user;
}

const three = <T>(make: () => Promise<T>) => Promise.all([make(), make(), make()]);

describe('reports to the api function in Firebase mode', () => {
  it('refuses anonymous sessions and unverified accounts, and the listing stays readable', async () => {
    const itemId = await listing();
    const tokens = [...(await three(anonymousSession)), ...(await three(newUser)).map((user) => user.idToken)];
    const answers = await Promise.all(tokens.map(async (token) => (await report(token, itemId)).status));
    expect(answers).toEqual([403, 403, 403, 403, 403, 403]);
    await assertSucceeds(readableByStranger(itemId));
  });

  it('queues accounts made a minute ago, and the listing stays readable', async () => {
    const itemId = await listing();
    for (const user of await three(newVerifiedUser)) expect((await report(user.idToken, itemId)).status).toBe(201);
    await assertSucceeds(readableByStranger(itemId));
  });

  it('hides a listing on three day-old verified accounts, until a moderator restores it', async () => {
    const itemId = await listing();
    const reporters = await three(dayOldVerifiedUser);
    for (const user of reporters) await report(user.idToken, itemId);
    await assertFails(readableByStranger(itemId));

    const refused = await call(API_PATHS.moderationQueue, reporters[0].idToken);
    expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([
      403,
      MESSAGES.moderatorsOnly,
    ]);
    const moderator = await newVerifiedUser();
    await setModerator(getAuth(adminApp(PROJECT_ID, ['auth'])), moderator.email, true);
    const queue = (await (await call(API_PATHS.moderationQueue, moderator.idToken)).json()) as ModerationQueue;
    expect(queue.data.find((entry) => entry.itemId === itemId)?.status).toBe('hidden');

    const restored = await call(API_PATHS.moderationDecision, moderator.idToken, { itemId, decision: 'restore' });
    expect(restored.status).toBe(200);
    await assertSucceeds(readableByStranger(itemId));
  });
});
